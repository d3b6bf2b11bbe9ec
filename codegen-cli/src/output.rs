//! Messages on standard error, coloured on a terminal, in cargo's style.

use std::io::Write;

use anstyle::{AnsiColor, Style};

const ERROR: Style = AnsiColor::Red.on_default().bold();
const WARNING: Style = AnsiColor::Yellow.on_default().bold();
const NOTE: Style = AnsiColor::Cyan.on_default().bold();
const STATUS: Style = AnsiColor::Green.on_default().bold();

fn say(style: Style, label: &str, message: &str) {
    let mut err = anstream::stderr().lock();
    let _ = writeln!(err, "{style}{label}{style:#}: {message}");
}

pub fn error(message: &str) {
    say(ERROR, "error", message);
}

pub fn warning(message: &str) {
    say(WARNING, "warning", message);
}

pub fn note(message: &str) {
    say(NOTE, "note", message);
}

/// A cargo-like status line: `   Exporting director (7 targets)`.
pub fn status(verb: &str, message: &str) {
    let mut err = anstream::stderr().lock();
    let _ = writeln!(err, "{STATUS}{verb:>12}{STATUS:#} {message}");
}

/// A line under a diagnostic: `  --> src/lib.rs:12:8`.
pub fn location(location: &str) {
    let style = AnsiColor::Blue.on_default().bold();
    let mut err = anstream::stderr().lock();
    let _ = writeln!(err, "  {style}-->{style:#} {location}");
}

/// Plain text on standard error (a diff, a detail).
pub fn text(text: &str) {
    let mut err = anstream::stderr().lock();
    let _ = write!(err, "{text}");
}
