//! Server-sent events, as the HTML standard defines the `text/event-stream` format, from bytes
//! arriving in pieces of any size: lines end in LF, CRLF or CR (a CRLF may be split between two
//! pieces); `data` lines are joined with LF; a blank line ends an event; comments (`:`), `id` and
//! `retry` are skipped; an event the bytes end inside is dropped, as the standard says.

/// The decoder's state between pieces.
#[derive(Debug, Default)]
pub(super) struct Decoder {
    /// A line not yet ended.
    partial: Vec<u8>,
    /// The last line ended in CR: an LF first in the next piece belongs to it.
    after_cr: bool,
    /// No line has been read yet (a byte order mark may start the first).
    started: bool,
    name: Vec<u8>,
    /// The event's data lines, each followed by LF.
    data: Vec<u8>,
    has_data: bool,
}

impl Decoder {
    /// Reads `bytes`, calling `on_event(name, data)` for every event they complete (`name` empty
    /// for an event without one).
    pub(super) fn feed<E>(
        &mut self,
        mut bytes: &[u8],
        on_event: &mut impl FnMut(&[u8], &[u8]) -> Result<(), E>,
    ) -> Result<(), E> {
        loop {
            if self.after_cr && !bytes.is_empty() {
                self.after_cr = false;
                if bytes[0] == b'\n' {
                    bytes = &bytes[1..];
                }
            }
            let Some(end) = memchr::memchr2(b'\n', b'\r', bytes) else {
                self.partial.extend_from_slice(bytes);
                return Ok(());
            };
            self.after_cr = bytes[end] == b'\r';
            if self.partial.is_empty() {
                self.line(&bytes[..end], on_event)?;
            } else {
                let mut line = std::mem::take(&mut self.partial);
                line.extend_from_slice(&bytes[..end]);
                let outcome = self.line(&line, on_event);
                line.clear();
                self.partial = line;
                outcome?;
            }
            bytes = &bytes[end + 1..];
        }
    }

    fn line<E>(&mut self, mut line: &[u8], on_event: &mut impl FnMut(&[u8], &[u8]) -> Result<(), E>) -> Result<(), E> {
        if !self.started {
            self.started = true;
            line = line.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(line);
        }
        if line.is_empty() {
            let outcome = if self.has_data {
                let data = &self.data[..self.data.len() - 1];
                on_event(&self.name, data)
            } else {
                Ok(())
            };
            self.name.clear();
            self.data.clear();
            self.has_data = false;
            return outcome;
        }
        let (field, value) = match memchr::memchr(b':', line) {
            Some(0) => return Ok(()),
            Some(colon) => {
                let value = &line[colon + 1..];
                (&line[..colon], value.strip_prefix(b" ").unwrap_or(value))
            }
            None => (line, &[][..]),
        };
        match field {
            b"data" => {
                self.data.extend_from_slice(value);
                self.data.push(b'\n');
                self.has_data = true;
            }
            b"event" => {
                self.name.clear();
                self.name.extend_from_slice(value);
            }
            _ => {}
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn events(pieces: &[&[u8]]) -> Vec<(String, String)> {
        let mut decoder = Decoder::default();
        let mut events = Vec::new();
        for piece in pieces {
            decoder
                .feed::<()>(piece, &mut |name, data| {
                    events.push((String::from_utf8(name.to_vec()).unwrap(), String::from_utf8(data.to_vec()).unwrap()));
                    Ok(())
                })
                .unwrap();
        }
        events
    }

    #[test]
    fn every_line_ending_and_a_crlf_split_between_pieces() {
        let expected = vec![("a".to_owned(), "1\n2".to_owned()), (String::new(), "3".to_owned())];
        assert_eq!(events(&[b"event: a\ndata: 1\ndata:2\n\ndata: 3\n\n"]), expected);
        assert_eq!(events(&[b"event: a\r\ndata: 1\r\ndata:2\r\n\r\ndata: 3\r\n\r\n"]), expected);
        assert_eq!(events(&[b"event: a\rdata: 1\rdata:2\r\rdata: 3\r\r"]), expected);
        assert_eq!(
            events(&[b"event: a\r", b"\ndata: 1\r", b"\ndata:2\r", b"\n\r", b"\ndata: 3\r\n\r", b"\n"]),
            expected
        );
    }

    #[test]
    fn comments_ids_and_a_byte_order_mark_are_skipped_and_an_unended_event_dropped() {
        let stream: &[&[u8]] = &[b"\xEF\xBB", b"\xBF: keep-alive\nid: 7\nretry: 10\ndata", b": x\n\ndata: cut"];
        assert_eq!(events(stream), vec![(String::new(), "x".to_owned())]);
        // Lines with no data make no event.
        assert_eq!(events(&[b"event: ping\n\n"]), vec![]);
    }
}
