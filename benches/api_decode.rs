//! The client's side of the budget "fetch + parse 100k contacts ≤ 150 ms"
//! (docs/PERFORMANCE.md): the simulator at scale 100 in this process, the real `Client`
//! talking to it over loopback HTTP.
//!
//! - `contacts_100k/fetch_and_decode`: `Client::list_contacts`, the number the budget is about;
//! - `contacts_100k/transfer_only`: the same request read as bytes, to tell transfer from decoding;
//! - `contacts_100k/decode_only`: `decode_list::<Contact>` of the same body, no network;
//! - `contacts_100k/as_sent_by_serde` and `as_sent_scanned`: the same body passed on as sent
//!   (`contacts list -o json`), each element checked by serde alone or by the byte scan first,
//!   in 16 KB chunks as the network hands them over, no network;
//! - `email_chain/longest`: `Client::email_chain` of the exchange with the longest chain.
//!
//! Run with `cargo bench --bench api_decode`; docs/PERFORMANCE.md has the numbers.

use chrono::{DateTime, NaiveDate, Utc};
use criterion::{BatchSize, Criterion, SamplingMode, Throughput, criterion_group, criterion_main};
use outreach_tui::api::{
    ApiKey, Client, ClientOptions, Contact, ContactCheck, ExchangeGroup, ExchangeQuery,
    ListDecoder, decode_list,
};
use outreach_tui::sim::{SimHandle, SimOptions};
use std::hint::black_box;
use std::time::Duration;
use tokio::runtime::Runtime;

const CONTACTS: usize = 100_000;

struct Fixture {
    runtime: Runtime,
    sim: SimHandle,
    client: Client,
}

fn fixture() -> Fixture {
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
    let anchor: DateTime<Utc> =
        DateTime::parse_from_rfc3339("2025-03-14T15:09:26Z").unwrap().into();
    let options = SimOptions { scale: 100, anchor: Some(anchor), ..SimOptions::default() };
    let sim = runtime.block_on(outreach_tui::sim::spawn(options)).unwrap();
    let client = Client::new(&sim.base_url, &sim.admin_key(), ClientOptions::default()).unwrap();
    Fixture { runtime, sim, client }
}

/// The contact list body exactly as the server sends it.
fn contacts_body(fx: &Fixture, http: &reqwest::Client, key: &ApiKey) -> Vec<u8> {
    let url = format!("{}/api/v1/contacts", fx.sim.base_url);
    fx.runtime.block_on(async {
        let response = http.get(&url).header("X-API-Key", key.expose()).send().await.unwrap();
        assert!(response.status().is_success(), "contact list: {}", response.status());
        response.bytes().await.unwrap().to_vec()
    })
}

fn contacts(c: &mut Criterion) {
    let fx = fixture();
    let key = fx.sim.admin_key();
    let _ = rustls::crypto::ring::default_provider().install_default();
    let http = reqwest::Client::new();
    let body = contacts_body(&fx, &http, &key);
    // A benchmark of the wrong list would measure nothing.
    let listed = fx.runtime.block_on(fx.client.list_contacts()).unwrap();
    assert_eq!((listed.items.len(), listed.skipped), (CONTACTS, 0));

    let mut group = c.benchmark_group("contacts_100k");
    // Each run takes 0.1–0.3 s; freeing 100k contacts is not part of fetching them, so
    // every run is timed alone and its result dropped outside the clock.
    group.sampling_mode(SamplingMode::Flat).sample_size(15);
    group.throughput(Throughput::Bytes(body.len() as u64));
    group.bench_function("fetch_and_decode", |b| {
        b.iter_batched(
            || (),
            |()| fx.runtime.block_on(fx.client.list_contacts()).unwrap(),
            BatchSize::PerIteration,
        )
    });
    group
        .bench_function("transfer_only", |b| b.iter(|| black_box(contacts_body(&fx, &http, &key))));
    group.bench_function("decode_only", |b| {
        b.iter_batched(
            || (),
            |()| decode_list::<Contact>(black_box(&body)).unwrap(),
            BatchSize::PerIteration,
        )
    });
    group.bench_function("as_sent_by_serde", |b| {
        b.iter(|| pass_on(ListDecoder::keeping_text(), black_box(&body)))
    });
    group.bench_function("as_sent_scanned", |b| {
        let scanned = || ListDecoder::keeping_text().reading_quickly(ContactCheck::scanned);
        b.iter(|| pass_on(scanned(), black_box(&body)))
    });
    group.finish();
    fx.runtime.block_on(fx.sim.shutdown());
}

/// Feeds `body` to `decoder` in network-sized chunks and counts the bytes of the texts it
/// hands over (what `contacts list -o json` writes).
fn pass_on(mut decoder: ListDecoder<ContactCheck>, body: &[u8]) -> usize {
    let mut bytes = 0;
    for chunk in body.chunks(16 * 1024) {
        decoder.feed(chunk).unwrap();
        bytes += decoder.drain_sent().map(str::len).sum::<usize>();
    }
    assert_eq!(decoder.finish().unwrap().skipped, 0);
    bytes
}

fn email_chain(c: &mut Criterion) {
    let fx = fixture();
    // Bookings have the longest chains (up to 8 messages); take the longest of the first few.
    let query = ExchangeQuery {
        group: Some(ExchangeGroup::MeetingBooked),
        start_date: NaiveDate::from_ymd_opt(2000, 1, 1),
        ..ExchangeQuery::default()
    };
    let exchanges = fx.runtime.block_on(fx.client.list_exchanges(&query)).unwrap();
    let (count, id) = exchanges
        .items
        .iter()
        .take(40)
        .map(|e| (fx.runtime.block_on(fx.client.email_chain(e.id)).unwrap().items.len(), e.id))
        .max()
        .unwrap();
    assert!(count >= 5, "a long chain to measure, got {count} messages");

    let mut group = c.benchmark_group("email_chain");
    group.sample_size(50).measurement_time(Duration::from_secs(3));
    group.bench_function(format!("longest ({count} messages)"), |b| {
        b.iter(|| black_box(fx.runtime.block_on(fx.client.email_chain(id)).unwrap()))
    });
    group.finish();
    fx.runtime.block_on(fx.sim.shutdown());
}

criterion_group!(benches, contacts, email_chain);
criterion_main!(benches);
