//! The stream fixtures, and reading a stream whole or split into pieces.

use std::path::{Path, PathBuf};

use toolc::dispatch::{CallStream, Streamed};
use toolc::{DispatchOptions, Interruption, Target, ToolCall};

/// The fixture folders and the provider each is read as.
pub const PROVIDERS: [(&str, Target); 5] = [
    ("openai", Target::OpenAi),
    ("openai-responses", Target::OpenAiResponses),
    ("anthropic", Target::Anthropic),
    ("gemini", Target::Gemini),
    ("bedrock", Target::Bedrock),
];

/// Whether `path` is a stream fixture: server-sent events (`.sse`), or AWS event-stream messages
/// (`.eventstream`, Bedrock's framing).
pub fn is_stream(path: &Path) -> bool {
    path.extension().is_some_and(|ext| ext == "sse" || ext == "eventstream")
}

/// Every fixture of `tests/fixtures/streams/<provider>/`: its provider, path and bytes.
pub fn fixtures() -> Vec<(Target, PathBuf, Vec<u8>)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/streams");
    let mut all = Vec::new();
    for (folder, target) in PROVIDERS {
        let mut paths: Vec<PathBuf> = std::fs::read_dir(root.join(folder))
            .unwrap()
            .map(|entry| entry.unwrap().path())
            .filter(|path| is_stream(path))
            .collect();
        paths.sort();
        assert!(paths.len() >= 7, "{folder} has every case");
        all.extend(paths.into_iter().map(|path| (target, path.clone(), std::fs::read(&path).unwrap())));
    }
    all
}

/// Every fixture of `tests/fixtures/streams/servers/<provider>/`, streams as particular servers send
/// them, written by hand where no recording ships in a package (each says what it is modelled on
/// or derived from): its provider, path and bytes.
pub fn server_fixtures() -> Vec<(Target, PathBuf, Vec<u8>)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/streams/servers");
    let mut all = Vec::new();
    for (folder, target) in PROVIDERS {
        let Ok(entries) = std::fs::read_dir(root.join(folder)) else { continue };
        let mut paths: Vec<PathBuf> =
            entries.map(|entry| entry.unwrap().path()).filter(|path| is_stream(path)).collect();
        paths.sort();
        all.extend(paths.into_iter().map(|path| (target, path.clone(), std::fs::read(&path).unwrap())));
    }
    all
}

/// Streams up to this many bytes are split at every byte; longer ones at this many places spread
/// over them (every event boundary moves through many of them).
const EVERY_BYTE_UP_TO: usize = 24 * 1024;

/// What reading hands on, in order, and how the stream ended.
#[derive(Debug, PartialEq)]
pub struct Read {
    pub text: Vec<String>,
    pub calls: Vec<ToolCall>,
    pub end: Option<Interruption>,
}

pub fn read(target: Target, pieces: &[&[u8]]) -> Read {
    let mut stream = CallStream::new(target, &DispatchOptions::default()).unwrap();
    let (mut text, mut calls) = (Vec::new(), Vec::new());
    for piece in pieces {
        stream
            .feed(piece, |streamed| match streamed {
                Streamed::Text(piece) => text.push(piece.to_owned()),
                Streamed::Call(call) => calls.push(call),
                _ => {}
            })
            .unwrap();
    }
    Read { text, calls, end: stream.finish() }
}

/// Splits `bytes` in two at every byte (or, when long, at places spread over it), and reads each
/// split as it reads the whole.
pub fn every_split_reads_the_same(target: Target, bytes: &[u8], label: &str) {
    let whole = read(target, &[bytes]);
    let step = bytes.len().div_ceil(EVERY_BYTE_UP_TO).max(1);
    // An odd offset for long streams, so the cuts do not all fall at one place of a repeated shape.
    for cut in (1..bytes.len()).step_by(step).map(|cut| (cut + (step / 2) * (cut / step % 2)).min(bytes.len())) {
        let (head, tail) = bytes.split_at(cut);
        assert_eq!(read(target, &[head, tail]), whole, "{label} split at byte {cut}");
    }
}

/// `bytes` cut at `cuts` (each taken modulo one more than its length), in order; pieces may be empty.
pub fn cut(bytes: &[u8], cuts: &[usize]) -> Vec<Vec<u8>> {
    let mut cuts: Vec<usize> = cuts.iter().map(|cut| cut % (bytes.len() + 1)).collect();
    cuts.sort_unstable();
    let mut pieces = Vec::new();
    let mut start = 0;
    for cut in cuts.into_iter().chain([bytes.len()]) {
        pieces.push(bytes[start..cut].to_vec());
        start = cut;
    }
    pieces
}
