//! The streaming list decoder fed a body in random chunks, as a network delivers it, gives
//! exactly what decoding the whole body at once gives: the same elements, the same count of
//! skipped ones, and the same failure for a body cut short.

use outreach_tui::api::{Contact, ListDecoder, Listed, decode_list};
use proptest::prelude::*;
use serde_json::{Value, json};

/// One element of a contact list: a contact, or something that is not one.
fn element() -> impl Strategy<Value = Value> {
    let text = "\\PC{0,12}";
    prop_oneof![
        4 => (any::<i64>(), text, text, prop::collection::vec(text, 0..3)).prop_map(
            |(id, email, name, tags)| json!({"id": id, "email": email, "first_name": name,
                "tags": tags, "custom_data": {"k": [1, {"x": "]"}], "s": "\"}"}})
        ),
        1 => text.prop_map(|email| json!({"email": email})),
        1 => any::<f64>().prop_map(|n| json!(n)),
        1 => text.prop_map(Value::String),
        1 => Just(Value::Null),
        1 => any::<i64>().prop_map(|id| json!({"id": id.to_string()})),
        1 => Just(json!([[[]], {"a": [{}]}])),
    ]
}

/// A list body with random white space between its tokens.
fn body() -> impl Strategy<Value = Vec<u8>> {
    (prop::collection::vec(element(), 0..12), prop::collection::vec(0usize..4, 16)).prop_map(
        |(elements, gaps)| {
            let space = |i: usize| [" ", "\n", "\t ", ""][gaps[i % gaps.len()]];
            let mut out = format!("{}[", space(0));
            for (index, element) in elements.iter().enumerate() {
                if index > 0 {
                    out.push_str(&format!("{},{}", space(index), space(index + 1)));
                }
                out.push_str(&element.to_string());
            }
            out.push_str(&format!("{}]{}", space(3), space(5)));
            out.into_bytes()
        },
    )
}

fn in_chunks(body: &[u8], cuts: &[usize]) -> Result<Listed<Contact>, serde_json::Error> {
    let mut cuts: Vec<usize> = cuts.iter().map(|cut| cut % (body.len() + 1)).collect();
    cuts.sort_unstable();
    let mut decoder = ListDecoder::new();
    let mut start = 0;
    for cut in cuts.into_iter().chain([body.len()]) {
        decoder.feed(&body[start..cut])?;
        start = cut;
    }
    decoder.finish()
}

fn same(
    whole: &Result<Listed<Contact>, serde_json::Error>,
    chunked: &Result<Listed<Contact>, serde_json::Error>,
) -> bool {
    match (whole, chunked) {
        (Ok(whole), Ok(chunked)) => {
            whole.items == chunked.items && whole.skipped == chunked.skipped
        }
        (Err(_), Err(_)) => true,
        _ => false,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn any_chunking_decodes_as_the_whole_body(
        body in body(),
        cuts in prop::collection::vec(any::<usize>(), 0..8),
    ) {
        let whole = decode_list::<Contact>(&body);
        prop_assert!(whole.is_ok(), "{:?}", String::from_utf8_lossy(&body));
        let chunked = in_chunks(&body, &cuts);
        prop_assert!(same(&whole, &chunked), "{:?} cut at {:?}", String::from_utf8_lossy(&body), cuts);
    }

    #[test]
    fn a_body_cut_short_fails_however_it_arrives(
        body in body(),
        end in any::<usize>(),
        cuts in prop::collection::vec(any::<usize>(), 0..8),
    ) {
        let cut = &body[..end % body.len().max(1)];
        let whole = decode_list::<Contact>(cut);
        let chunked = in_chunks(cut, &cuts);
        prop_assert!(same(&whole, &chunked), "{:?} cut at {:?}", String::from_utf8_lossy(cut), cuts);
    }
}
