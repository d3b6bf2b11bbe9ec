//! Every provider's stream fixtures (`tests/fixtures/streams/<provider>/*.sse`, raw server-sent
//! events as the APIs send them): what each yields, and that it yields the same whatever pieces its
//! bytes arrive in — split at every byte boundary, and at random places into many pieces. (That the
//! providers' own SDKs assemble the same calls from them is checked in `conformance.rs`.)

use std::future::IntoFuture;
use std::path::Path;

use futures_util::stream;
use pollster::block_on;
use proptest::prelude::*;
use serde_json::{Value, json};
use toolc::{DispatchOptions, Exchange, Target, ToolCall, Toolbox};

use crate::support::streams::{self, fixtures, read, server_fixtures};
use crate::support::weather::Weather;

fn dispatch(target: Target, pieces: &[&[u8]]) -> Exchange {
    let source = stream::iter(pieces.iter().map(Ok::<_, std::io::Error>));
    block_on(Weather.dispatch_stream(target, source, DispatchOptions::default()).into_future()).unwrap()
}

fn name(path: &Path) -> &str {
    path.file_stem().unwrap().to_str().unwrap()
}

fn arguments(call: &ToolCall) -> Value {
    if call.arguments.is_empty() { json!({}) } else { serde_json::from_str(&call.arguments).unwrap() }
}

#[test]
fn each_fixture_yields_its_calls_text_and_ending() {
    for (target, path, bytes) in fixtures() {
        let read = read(target, &[&bytes]);
        let exchange = dispatch(target, &[&bytes]);
        let names: Vec<&str> = read.calls.iter().map(|call| call.name.as_str()).collect();
        let text = read.text.concat();
        let at = path.display();
        match name(&path) {
            "single" => {
                assert_eq!(names, ["get_weather"], "{at}");
                assert!(!text.is_empty(), "{at}");
            }
            "parallel" => assert_eq!(names, ["get_weather", "search", "now"], "{at}"),
            "text_between" => {
                assert_eq!(names.len(), 2, "{at}");
                assert!(!text.is_empty(), "{at}");
            }
            "empty_arguments" => {
                assert_eq!(names, ["now"], "{at}");
                assert_eq!(arguments(&read.calls[0]), json!({}), "{at}");
                assert_eq!(exchange.results[0].content, json!("2026-11-24T09:00:00Z"), "{at}");
            }
            "unicode" => {
                assert!(!text.is_ascii(), "{at}: {text}");
                let all: String = read.calls.iter().map(|call| arguments(call).to_string()).collect();
                assert!(all.contains("Zürich") || all.contains("東京"), "{at}: {all}");
                assert!(exchange.results.iter().all(|result| !result.is_error), "{at}: {:?}", exchange.results);
            }
            "error" => {
                assert_eq!(names.len(), 1, "{at}");
                let end = read.end.as_ref().expect("an error event interrupts");
                assert!(end.reason.starts_with("the provider sent an error: "), "{at}: {}", end.reason);
                assert_eq!(exchange.results.len(), 1, "{at}: the complete call is answered");
            }
            "cut" => {
                assert_eq!(names.len(), 1, "{at}");
                let end = read.end.as_ref().expect("a cut stream interrupts");
                assert!(end.reason.starts_with("the stream ended before "), "{at}: {}", end.reason);
                // Gemini sends a call whole in one event, so a cut one is never seen.
                assert_eq!(end.unfinished.len(), usize::from(target != Target::Gemini), "{at}: {end:?}");
            }
            "streamed_arguments" => {
                assert_eq!(names, ["get_weather", "search", "now"], "{at}");
                assert_eq!(arguments(&read.calls[0]), json!({"location": "Zürich", "unit": "celsius"}), "{at}");
                assert_eq!(arguments(&read.calls[1]), json!({"query": "rust async runtimes", "limit": 5}), "{at}");
            }
            other => panic!("{at}: no expectations for the case `{other}`"),
        }
        if !matches!(name(&path), "error" | "cut") {
            assert_eq!(read.end, None, "{at}");
            assert!(exchange.results.iter().all(|result| !result.is_error), "{at}: {:?}", exchange.results);
        }
        assert_eq!(exchange.calls, read.calls, "{at}");
        assert_eq!(exchange.interrupted, read.end, "{at}");
    }
}

/// Streams as particular servers send them (`fixtures/streams/servers/`): each read as the server
/// means it, whole and split at every byte, and its calls run.
#[test]
fn each_server_fixture_yields_its_calls_at_every_split() {
    let fixtures = server_fixtures();
    let names: Vec<&str> = fixtures.iter().map(|(_, path, _)| name(path)).collect();
    assert_eq!(names, ["dashscope-qwen", "lm-studio", "programmatic-message-start"]);
    for (target, path, bytes) in &fixtures {
        let at = path.display().to_string();
        let read = read(*target, &[bytes]);
        let (id, location, expected) = match name(path) {
            "dashscope-qwen" => {
                ("call_4c8e0b9f2d3a4e5f8a7b6c1d", "Hangzhou", json!({"location": "Hangzhou", "unit": "celsius"}))
            }
            "lm-studio" => ("846195273", "Reykjavík", json!({"location": "Reykjavík"})),
            "programmatic-message-start" => {
                ("toolu_01RXQDRjwv5Un7n98xFahjo8", "New York, NY", json!({"location": "New York, NY", "units": "c"}))
            }
            other => panic!("{at}: no expectations for `{other}`"),
        };
        assert_eq!(read.calls.len(), 1, "{at}: {:?}", read.calls);
        assert_eq!((read.calls[0].id.as_deref(), read.calls[0].name.as_str()), (Some(id), "get_weather"), "{at}");
        assert_eq!(arguments(&read.calls[0]), expected, "{at}");
        assert_eq!(read.end, None, "{at}");
        let exchange = dispatch(*target, &[bytes]);
        assert_eq!(exchange.calls, read.calls, "{at}");
        // `units` is no argument of the test toolbox's get_weather: the model is told so.
        let answered = exchange.results[0].content.to_string();
        assert!(answered.contains(location) || answered.contains("units"), "{at}: {answered}");
        streams::every_split_reads_the_same(*target, bytes, &at);
    }
}

#[test]
fn every_fixture_reads_the_same_split_at_every_byte() {
    for (target, path, bytes) in fixtures() {
        streams::every_split_reads_the_same(target, &bytes, &path.display().to_string());
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, failure_persistence: None, rng_seed: proptest::test_runner::RngSeed::Fixed(toolc_tests::PROPTEST_SEED), ..ProptestConfig::default() })]

    /// Many pieces, empty ones too, and the calls run as they complete: the exchange is the same.
    #[test]
    fn every_fixture_dispatches_the_same_in_any_pieces(cuts in prop::collection::vec(any::<usize>(), 0..64)) {
        for (target, path, bytes) in fixtures() {
            let pieces = streams::cut(&bytes, &cuts);
            let pieces: Vec<&[u8]> = pieces.iter().map(Vec::as_slice).collect();
            prop_assert_eq!(dispatch(target, &pieces), dispatch(target, &[&bytes]), "{}", path.display());
        }
    }
}
