//! AWS event-stream messages (`application/vnd.amazon.eventstream`, Bedrock's `ConverseStream`),
//! from bytes arriving in pieces of any size. A message is, big-endian: its total length (u32), its
//! headers' length (u32), a CRC-32 of those eight bytes, the headers, the payload, and a CRC-32 of
//! everything before it. A header is a name (u8 length), a type (u8) and a value of that type.
//!
//! Each message becomes a named event, as a server-sent event is: an `event` message is named by its
//! `:event-type` header, an `exception` message by its `:exception-type`, both with the payload as
//! data; an `error` message is named `error`, with its `:error-code` and `:error-message` headers as
//! a JSON object `{"code", "message"}`. A checksum that does not match, or lengths that cannot be,
//! end the reading: nothing after a broken message can be trusted.

use std::borrow::Cow;

/// The prelude: total length, headers' length, and their CRC.
const PRELUDE: usize = 12;
/// The prelude and the message's CRC.
const OVERHEAD: usize = PRELUDE + 4;
/// The longest headers and payload a message may carry, as the AWS SDKs allow.
const MAX_HEADERS: usize = 128 * 1024;
const MAX_PAYLOAD: usize = 24 * 1024 * 1024;

/// The decoder's state between pieces: the bytes of a message not yet complete.
#[derive(Debug, Default)]
pub(super) struct Decoder {
    pending: Vec<u8>,
    /// Messages read so far (for errors).
    messages: usize,
}

impl Decoder {
    /// Reads `bytes`, calling `on_event(name, data)` for every message they complete; a message that
    /// is not well formed is `malformed(its number from 0, what is wrong)`.
    pub(super) fn feed<E>(
        &mut self,
        bytes: &[u8],
        on_event: &mut impl FnMut(&[u8], &[u8]) -> Result<(), E>,
        malformed: impl Fn(usize, String) -> E,
    ) -> Result<(), E> {
        self.pending.extend_from_slice(bytes);
        let mut start = 0;
        let outcome = loop {
            let rest = &self.pending[start..];
            match message_length(rest) {
                Err(what) => break Err(malformed(self.messages, what)),
                Ok(Some(length)) if rest.len() >= length => {
                    let message = &rest[..length];
                    start += length;
                    let read = read_message(message).map_err(|what| malformed(self.messages, what));
                    self.messages += 1;
                    if let Err(err) = read.and_then(|event| on_event(event.name, &event.data)) {
                        break Err(err);
                    }
                }
                Ok(_) => break Ok(()),
            }
        };
        self.pending.drain(..start);
        outcome
    }
}

/// The length of the message `bytes` begin with, once its prelude has come and checks out.
fn message_length(bytes: &[u8]) -> Result<Option<usize>, String> {
    if bytes.len() < PRELUDE {
        return Ok(None);
    }
    let total = u32_at(bytes, 0) as usize;
    let headers = u32_at(bytes, 4) as usize;
    let expected = u32_at(bytes, 8);
    let computed = crc32fast::hash(&bytes[..8]);
    if expected != computed {
        return Err(format!(
            "the prelude's checksum is {expected:#010x} but its bytes give {computed:#010x}: not an AWS \
             event-stream message, or a damaged one"
        ));
    }
    if total < OVERHEAD || headers > total - OVERHEAD {
        return Err(format!("a total length of {total} bytes cannot hold {headers} bytes of headers"));
    }
    if headers > MAX_HEADERS || total - OVERHEAD - headers > MAX_PAYLOAD {
        return Err(format!(
            "{headers} bytes of headers and {} of payload exceed the limits of {MAX_HEADERS} and {MAX_PAYLOAD}",
            total - OVERHEAD - headers
        ));
    }
    Ok(Some(total))
}

fn u32_at(bytes: &[u8], at: usize) -> u32 {
    u32::from_be_bytes(bytes[at..at + 4].try_into().expect("four bytes"))
}

fn u16_at(bytes: &[u8], at: usize) -> u16 {
    u16::from_be_bytes(bytes[at..at + 2].try_into().expect("two bytes"))
}

/// One message, as the event it is: its name, and its payload (for an `error` message, its
/// headers as JSON).
struct Event<'a> {
    name: &'a [u8],
    data: Cow<'a, [u8]>,
}

/// Checks a whole message's CRC and reads its headers.
fn read_message(message: &[u8]) -> Result<Event<'_>, String> {
    let crc_at = message.len() - 4;
    let expected = u32_at(message, crc_at);
    let computed = crc32fast::hash(&message[..crc_at]);
    if expected != computed {
        return Err(format!("the message's checksum is {expected:#010x} but its bytes give {computed:#010x}"));
    }
    let headers_end = PRELUDE + u32_at(message, 4) as usize;
    let headers = Headers::read(&message[PRELUDE..headers_end])?;
    let payload = &message[headers_end..crc_at];
    let header = |name: &str| headers.string(name).ok_or_else(|| format!("the message has no string header `{name}`"));
    match headers.string(":message-type") {
        Some(b"event") | None => Ok(Event { name: header(":event-type")?, data: Cow::Borrowed(payload) }),
        Some(b"exception") => Ok(Event { name: header(":exception-type")?, data: Cow::Borrowed(payload) }),
        Some(b"error") => {
            let text = |name| String::from_utf8_lossy(headers.string(name).unwrap_or_default()).into_owned();
            let json = serde_json::json!({"code": text(":error-code"), "message": text(":error-message")});
            Ok(Event { name: b"error", data: Cow::Owned(json.to_string().into_bytes()) })
        }
        Some(other) => {
            Err(format!("the message type `{}` is none of event, exception, error", String::from_utf8_lossy(other)))
        }
    }
}

/// A message's headers: the string ones kept, the others skipped.
struct Headers<'a>(Vec<(&'a [u8], &'a [u8])>);

impl<'a> Headers<'a> {
    fn read(mut bytes: &'a [u8]) -> Result<Self, String> {
        let mut strings = Vec::new();
        let cut = |what: &str| format!("the headers end inside {what}");
        while let Some((&name_length, rest)) = bytes.split_first() {
            let name_length = usize::from(name_length);
            if rest.len() < name_length + 1 {
                return Err(cut("a header's name"));
            }
            let (name, rest) = rest.split_at(name_length);
            let (kind, rest) = (rest[0], &rest[1..]);
            let length = match kind {
                0 | 1 => 0,
                2 => 1,
                3 => 2,
                4 => 4,
                5 | 8 => 8,
                9 => 16,
                6 | 7 if rest.len() >= 2 => 2 + usize::from(u16_at(rest, 0)),
                6 | 7 => return Err(cut("a header's value length")),
                other => {
                    return Err(format!(
                        "the header `{}` has type {other}, which is none of 0 to 9",
                        String::from_utf8_lossy(name)
                    ));
                }
            };
            if rest.len() < length {
                return Err(cut("a header's value"));
            }
            if kind == 7 {
                strings.push((name, &rest[2..length]));
            }
            bytes = &rest[length..];
        }
        Ok(Headers(strings))
    }

    fn string(&self, name: &str) -> Option<&'a [u8]> {
        self.0.iter().find(|(key, _)| *key == name.as_bytes()).map(|(_, value)| *value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A message with string headers, as a server writes one.
    fn message(headers: &[(&str, &str)], payload: &[u8]) -> Vec<u8> {
        let mut header_bytes = Vec::new();
        for (name, value) in headers {
            header_bytes.push(name.len() as u8);
            header_bytes.extend_from_slice(name.as_bytes());
            header_bytes.push(7);
            header_bytes.extend_from_slice(&(value.len() as u16).to_be_bytes());
            header_bytes.extend_from_slice(value.as_bytes());
        }
        let total = OVERHEAD + header_bytes.len() + payload.len();
        let mut out = Vec::new();
        out.extend_from_slice(&(total as u32).to_be_bytes());
        out.extend_from_slice(&(header_bytes.len() as u32).to_be_bytes());
        out.extend_from_slice(&crc32fast::hash(&out).to_be_bytes());
        out.extend_from_slice(&header_bytes);
        out.extend_from_slice(payload);
        out.extend_from_slice(&crc32fast::hash(&out).to_be_bytes());
        out
    }

    fn events(pieces: &[&[u8]]) -> Result<Vec<(String, String)>, String> {
        let mut decoder = Decoder::default();
        let mut events = Vec::new();
        for piece in pieces {
            decoder.feed(
                piece,
                &mut |name, data| {
                    events.push((String::from_utf8(name.to_vec()).unwrap(), String::from_utf8(data.to_vec()).unwrap()));
                    Ok(())
                },
                |at, what| format!("message {at}: {what}"),
            )?;
        }
        Ok(events)
    }

    fn event(name: &str, payload: &str) -> Vec<u8> {
        message(
            &[(":event-type", name), (":content-type", "application/json"), (":message-type", "event")],
            payload.as_bytes(),
        )
    }

    #[test]
    fn messages_split_at_every_byte_give_the_same_events() {
        let mut stream = event("messageStart", r#"{"role":"assistant"}"#);
        stream.extend(event("messageStop", r#"{"stopReason":"end_turn"}"#));
        let whole = events(&[&stream]).unwrap();
        assert_eq!(
            whole,
            [
                ("messageStart".to_owned(), r#"{"role":"assistant"}"#.to_owned()),
                ("messageStop".to_owned(), r#"{"stopReason":"end_turn"}"#.to_owned())
            ]
        );
        for at in 0..=stream.len() {
            assert_eq!(events(&[&stream[..at], &stream[at..]]).unwrap(), whole, "split at {at}");
        }
        let bytes: Vec<&[u8]> = stream.chunks(1).collect();
        assert_eq!(events(&bytes).unwrap(), whole);
    }

    #[test]
    fn exceptions_are_named_for_their_type_and_errors_carry_their_headers() {
        let exception = message(
            &[(":exception-type", "throttlingException"), (":message-type", "exception")],
            br#"{"message":"slow down"}"#,
        );
        let error =
            message(&[(":error-code", "InternalFailure"), (":error-message", "oops"), (":message-type", "error")], b"");
        assert_eq!(
            events(&[&exception, &error]).unwrap(),
            [
                ("throttlingException".to_owned(), r#"{"message":"slow down"}"#.to_owned()),
                ("error".to_owned(), r#"{"code":"InternalFailure","message":"oops"}"#.to_owned())
            ]
        );
    }

    #[test]
    fn a_flipped_byte_anywhere_is_an_error_naming_the_checksum() {
        let stream = event("messageStop", r#"{"stopReason":"end_turn"}"#);
        for at in 0..stream.len() {
            let mut damaged = stream.clone();
            damaged[at] ^= 0x20;
            let err = events(&[&damaged]).map(|_| ()).expect_err(&format!("byte {at} flipped"));
            assert!(err.contains("checksum") || err.contains("length"), "byte {at}: {err}");
        }
    }

    #[test]
    fn text_that_is_not_an_event_stream_is_refused_at_its_prelude() {
        let err = events(&[b"{\"message\":\"The security token included in the request is invalid.\"}"]).unwrap_err();
        assert!(err.starts_with("message 0: the prelude's checksum"), "{err}");
        assert!(err.contains("not an AWS event-stream message"), "{err}");
    }

    #[test]
    fn lengths_that_cannot_be_are_refused() {
        let mut prelude = Vec::new();
        prelude.extend_from_slice(&20u32.to_be_bytes());
        prelude.extend_from_slice(&10u32.to_be_bytes());
        prelude.extend_from_slice(&crc32fast::hash(&prelude).to_be_bytes());
        let err = events(&[&prelude]).unwrap_err();
        assert!(err.contains("a total length of 20 bytes cannot hold 10 bytes of headers"), "{err}");
        let mut huge = Vec::new();
        huge.extend_from_slice(&(u32::MAX).to_be_bytes());
        huge.extend_from_slice(&0u32.to_be_bytes());
        huge.extend_from_slice(&crc32fast::hash(&huge).to_be_bytes());
        assert!(events(&[&huge]).unwrap_err().contains("exceed the limits"));
    }

    #[test]
    fn headers_of_every_type_are_skipped_and_a_cut_header_is_an_error() {
        let mut headers = Vec::new();
        for (kind, value) in
            [(0u8, &[][..]), (2, &[1]), (3, &[0, 1]), (4, &[0; 4]), (5, &[0; 8]), (8, &[0; 8]), (9, &[0; 16])]
        {
            headers.push(1);
            headers.push(b'x');
            headers.push(kind);
            headers.extend_from_slice(value);
        }
        headers.extend_from_slice(&[1, b'b', 6, 0, 2, 0xff, 0xfe]);
        for (name, value) in [(":event-type", "messageStart"), (":message-type", "event")] {
            headers.push(name.len() as u8);
            headers.extend_from_slice(name.as_bytes());
            headers.push(7);
            headers.extend_from_slice(&(value.len() as u16).to_be_bytes());
            headers.extend_from_slice(value.as_bytes());
        }
        assert_eq!(Headers::read(&headers).unwrap().string(":event-type"), Some(&b"messageStart"[..]));
        let cut = &headers[..headers.len() - 3];
        assert_eq!(Headers::read(cut).err().unwrap(), "the headers end inside a header's value");
        assert!(Headers::read(&[1, b'x', 12]).err().unwrap().contains("type 12"));
    }
}
