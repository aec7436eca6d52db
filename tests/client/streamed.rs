//! A list passed on as the server sent it reaches its sink a chunk's elements at a time:
//! every element's text exactly as sent, in order, in fewer calls than there are elements.

use crate::common;

use common::sim::{client, contacts_as_sent, start};

#[tokio::test]
async fn contacts_as_sent_come_in_batches_byte_for_byte() {
    let sim = start().await;
    let key = sim.admin_key();
    let body = contacts_as_sent(&sim).await;
    let (mut texts, mut batches) = (Vec::new(), 0);
    let skipped = client(&sim, &key)
        .stream_contacts_as_sent(|sent| {
            batches += 1;
            texts.extend(sent.map(str::to_string));
            true
        })
        .await
        .unwrap();
    assert_eq!(skipped, 0);
    assert!(texts.len() > 100, "{} contacts", texts.len());
    assert_eq!(format!("[{}]", texts.join(",")), body, "every text as sent, in order");
    assert!(batches < texts.len() / 4, "{batches} calls for {} contacts", texts.len());

    // A sink that says stop is not called again.
    let mut calls = 0;
    client(&sim, &key)
        .stream_contacts_as_sent(|_| {
            calls += 1;
            false
        })
        .await
        .unwrap();
    assert_eq!(calls, 1);
    sim.shutdown().await;
}
