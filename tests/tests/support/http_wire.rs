//! A minimal HTTP/1.1 client on a raw TCP stream, for requests no ordinary client sends: any
//! method, path, header bytes and body, one request a connection (`Connection: close`), the answer
//! read to its end within a deadline and taken apart strictly (status line, headers, framing).

use std::io::{ErrorKind, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

/// A request as it goes on the wire.
#[derive(Debug, Clone, Default)]
pub struct RawRequest {
    pub method: String,
    pub path: String,
    /// Written in order, as given. `Content-Length`, `Transfer-Encoding`, `Expect` and
    /// `Connection` are the writer's own.
    pub headers: Vec<(String, Vec<u8>)>,
    pub body: Vec<u8>,
    /// The body in chunks (`Transfer-Encoding: chunked`) rather than with a `Content-Length`.
    pub chunked: bool,
    /// The headers first, with `Expect: 100-continue`, and the body only once the server asks
    /// for it (or has not answered within a moment): how a client sends a large body the server
    /// may refuse unread, without the server's close resetting the connection under its answer.
    pub expect_continue: bool,
}

/// An answer as read.
#[derive(Debug)]
pub struct RawResponse {
    pub status: u16,
    /// Names in lower case.
    pub headers: Vec<(String, String)>,
    /// The body, its chunks joined.
    pub body: Vec<u8>,
    /// Whether the body ended as its framing says; `false` for an event stream still open when
    /// reading stopped.
    pub complete: bool,
}

impl RawResponse {
    /// The first value of header `name` (lower case).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(key, _)| key == name).map(|(_, value)| value.as_str())
    }

    /// The media type, without parameters, in lower case.
    pub fn media_type(&self) -> Option<String> {
        let value = self.header("content-type")?;
        Some(value.split(';').next().unwrap_or("").trim().to_ascii_lowercase())
    }
}

impl RawRequest {
    /// The request's bytes up to the body: `Host` and the other headers as given.
    fn head(&self) -> Vec<u8> {
        let mut head = format!("{} {} HTTP/1.1\r\n", self.method, self.path).into_bytes();
        for (name, value) in &self.headers {
            head.extend_from_slice(name.as_bytes());
            head.extend_from_slice(b": ");
            head.extend_from_slice(value);
            head.extend_from_slice(b"\r\n");
        }
        if self.chunked {
            head.extend_from_slice(b"Transfer-Encoding: chunked\r\n");
        } else {
            head.extend_from_slice(format!("Content-Length: {}\r\n", self.body.len()).as_bytes());
        }
        if self.expect_continue {
            head.extend_from_slice(b"Expect: 100-continue\r\n");
        }
        head.extend_from_slice(b"Connection: close\r\n\r\n");
        head
    }

    /// The body as framed: as is, or in chunks of up to 1,000 bytes and the last, empty one.
    fn framed_body(&self) -> Vec<u8> {
        if !self.chunked {
            return self.body.clone();
        }
        let mut framed = Vec::with_capacity(self.body.len() + 64);
        for chunk in self.body.chunks(1000) {
            framed.extend_from_slice(format!("{:x}\r\n", chunk.len()).as_bytes());
            framed.extend_from_slice(chunk);
            framed.extend_from_slice(b"\r\n");
        }
        framed.extend_from_slice(b"0\r\n\r\n");
        framed
    }
}

/// Sends `request` to `address` and reads the answer to the end of the connection, all within
/// `deadline`. An event stream (`text/event-stream`) still open `open_stream` after its headers is
/// read no further and returned with `complete: false`. An error says what was wrong: no answer
/// in time, an answer cut short, or one that is not HTTP.
pub fn send(
    address: SocketAddr,
    request: &RawRequest,
    deadline: Duration,
    open_stream: Duration,
) -> Result<RawResponse, String> {
    let start = Instant::now();
    let mut stream = TcpStream::connect_timeout(&address, deadline).map_err(|err| format!("cannot connect: {err}"))?;
    stream.set_nodelay(true).unwrap();
    stream.set_write_timeout(Some(deadline)).unwrap();
    let mut received = Vec::new();
    let written = if request.expect_continue {
        let mut written = stream.write_all(&request.head());
        // The body goes once the server says `100 Continue`, or when it has said nothing for a
        // moment (as curl does); not when it has answered already.
        let asked = read_until(&mut stream, &mut received, start + Duration::from_secs(1), |bytes| {
            bytes.windows(4).any(|window| window == b"\r\n\r\n")
        });
        let answered = asked.is_ok() && !received.is_empty() && !received.starts_with(b"HTTP/1.1 100");
        if written.is_ok() && !answered {
            written = stream.write_all(&request.framed_body());
        }
        written
    } else {
        let mut whole = request.head();
        whole.extend_from_slice(&request.framed_body());
        stream.write_all(&whole)
    };
    let bodiless = request.method == "HEAD";
    let mut head_seen_at = None;
    loop {
        match parse(&received, bodiless) {
            Ok(Some(response)) if response.complete => return Ok(response),
            Ok(Some(response)) if response.media_type().as_deref() == Some("text/event-stream") => {
                let seen = *head_seen_at.get_or_insert_with(Instant::now);
                if seen.elapsed() >= open_stream {
                    return Ok(response);
                }
            }
            Ok(_) => {}
            Err(malformed) => return Err(malformed),
        }
        let until = match head_seen_at {
            Some(seen) => (seen + open_stream).min(start + deadline),
            None => start + deadline,
        };
        let before = received.len();
        match read_until(&mut stream, &mut received, until, |_| true) {
            Ok(()) if received.len() > before => continue,
            // The end of the connection: the answer is what was read.
            Ok(()) => {
                return match parse_at_end(&received, bodiless) {
                    Ok(response) => Ok(response),
                    Err(why) => Err(format!("{why} (writing the request: {written:?})")),
                };
            }
            // An event stream still open: what came of it is the answer.
            Err(ReadStop::Timeout) if head_seen_at.is_some() => {
                return parse(&received, bodiless).map(|response| response.expect("its head was read"));
            }
            Err(ReadStop::Timeout) => {
                return Err(format!(
                    "no whole answer within {} s; read so far: {:?}",
                    deadline.as_secs_f64(),
                    String::from_utf8_lossy(&received)
                ));
            }
            Err(ReadStop::Failed(err)) => {
                return match parse_at_end(&received, bodiless) {
                    Ok(response) => Ok(response),
                    Err(why) => Err(format!("{why}: reading failed: {err} (writing the request: {written:?})")),
                };
            }
        }
    }
}

enum ReadStop {
    Timeout,
    Failed(std::io::Error),
}

/// Reads into `received` until `enough` holds of it, the connection ends (`Ok` with nothing more
/// read), or `until` passes.
fn read_until(
    stream: &mut TcpStream,
    received: &mut Vec<u8>,
    until: Instant,
    enough: impl Fn(&[u8]) -> bool,
) -> Result<(), ReadStop> {
    let mut buffer = [0u8; 16 * 1024];
    loop {
        let left = until.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(ReadStop::Timeout);
        }
        stream.set_read_timeout(Some(left)).unwrap();
        match stream.read(&mut buffer) {
            Ok(0) => return Ok(()),
            Ok(n) => {
                received.extend_from_slice(&buffer[..n]);
                if enough(received) {
                    return Ok(());
                }
            }
            Err(err) if matches!(err.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {
                return Err(ReadStop::Timeout);
            }
            Err(err) if err.kind() == ErrorKind::Interrupted => {}
            Err(err) => return Err(ReadStop::Failed(err)),
        }
    }
}

/// The answer in `received` once the connection has ended: it must be whole.
fn parse_at_end(received: &[u8], bodiless: bool) -> Result<RawResponse, String> {
    match parse(received, bodiless)? {
        Some(response) if response.complete => Ok(response),
        Some(response) => Err(format!("the answer was cut short: {response:?}")),
        None if received.is_empty() => Err("the connection closed without an answer".to_owned()),
        None => Err(format!("the connection closed in the answer's head: {:?}", String::from_utf8_lossy(received))),
    }
}

/// The final answer in `bytes` (interim `1xx` answers skipped) as far as it has arrived: `None`
/// until its head is whole; an error when it is not HTTP/1.1. The answer to a `HEAD` request
/// (`bodiless`) has no body, whatever its headers say.
fn parse(mut bytes: &[u8], bodiless: bool) -> Result<Option<RawResponse>, String> {
    loop {
        let Some(end) = bytes.windows(4).position(|window| window == b"\r\n\r\n") else { return Ok(None) };
        let head = std::str::from_utf8(&bytes[..end]).map_err(|_| format!("a head that is not text: {bytes:?}"))?;
        let mut lines = head.split("\r\n");
        let status = status(lines.next().unwrap_or(""))?;
        let mut headers = Vec::new();
        for line in lines {
            let (name, value) =
                line.split_once(':').ok_or_else(|| format!("a header line without a colon: {line:?}"))?;
            if name.is_empty()
                || !name.bytes().all(|byte| byte.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&byte))
            {
                return Err(format!("a header name that is not a token: {name:?}"));
            }
            headers.push((name.to_ascii_lowercase(), value.trim().to_owned()));
        }
        let rest = &bytes[end + 4..];
        if (100..200).contains(&status) {
            bytes = rest;
            continue;
        }
        let mut response = RawResponse { status, headers, body: Vec::new(), complete: false };
        if bodiless || matches!(status, 204 | 304) {
            response.complete = rest.is_empty();
            return Ok(Some(response));
        }
        let chunked = response.header("transfer-encoding").is_some_and(|coding| coding.eq_ignore_ascii_case("chunked"));
        if chunked {
            let (body, complete) = dechunk(rest)?;
            response.body = body;
            response.complete = complete;
        } else if let Some(length) = response.header("content-length") {
            let length: usize =
                length.parse().map_err(|_| format!("a Content-Length that is not a number: {length:?}"))?;
            if rest.len() > length {
                return Err(format!("{} bytes after a body of {length}", rest.len() - length));
            }
            response.complete = rest.len() == length;
            response.body = rest.to_vec();
        } else {
            // Neither length nor chunks: the body runs to the end of the connection, which the
            // caller sees.
            response.body = rest.to_vec();
            response.complete = false;
        }
        return Ok(Some(response));
    }
}

/// The status code of a status line `HTTP/1.1 NNN reason`.
fn status(line: &str) -> Result<u16, String> {
    let malformed = || format!("not a status line: {line:?}");
    let rest = line.strip_prefix("HTTP/1.1 ").ok_or_else(malformed)?;
    let (code, _reason) = rest.split_once(' ').unwrap_or((rest, ""));
    if code.len() != 3 || !code.bytes().all(|byte| byte.is_ascii_digit()) {
        return Err(malformed());
    }
    let code: u16 = code.parse().map_err(|_| malformed())?;
    if !(100..600).contains(&code) {
        return Err(malformed());
    }
    Ok(code)
}

/// A chunked body's data as far as it has arrived, and whether its last chunk came.
fn dechunk(mut bytes: &[u8]) -> Result<(Vec<u8>, bool), String> {
    let mut body = Vec::new();
    loop {
        let Some(line_end) = bytes.windows(2).position(|window| window == b"\r\n") else { return Ok((body, false)) };
        let line = std::str::from_utf8(&bytes[..line_end]).map_err(|_| "a chunk size that is not text".to_owned())?;
        let size = line.split(';').next().unwrap_or("").trim();
        let size = usize::from_str_radix(size, 16).map_err(|_| format!("not a chunk size: {line:?}"))?;
        let data = &bytes[line_end + 2..];
        if size == 0 {
            // Trailers, if any, end with an empty line.
            return Ok((body, data.windows(2).any(|window| window == b"\r\n")));
        }
        if data.len() < size + 2 {
            body.extend_from_slice(&data[..size.min(data.len())]);
            return Ok((body, false));
        }
        if &data[size..size + 2] != b"\r\n" {
            return Err("a chunk not followed by CRLF".to_owned());
        }
        body.extend_from_slice(&data[..size]);
        bytes = &data[size + 2..];
    }
}

/// The `data` of each whole event of an event stream (its lines joined with `\n`); an error for a
/// line that is not a field of the format (`data`, `id`, `event`, `retry`) or a comment, or, when
/// `ended`, for an event or a line left unfinished.
pub fn sse_data(body: &[u8], ended: bool) -> Result<Vec<String>, String> {
    let text = std::str::from_utf8(body).map_err(|_| "an event stream that is not UTF-8".to_owned())?;
    let mut events = Vec::new();
    // The event being read: its data lines, once it has a field.
    let mut event: Option<Vec<&str>> = None;
    let (whole, unfinished) = text.rsplit_once('\n').unwrap_or(("", text));
    if ended && !unfinished.is_empty() {
        return Err(format!("an unfinished line at the end of the stream: {unfinished:?}"));
    }
    for line in whole.split('\n') {
        let line = line.strip_suffix('\r').unwrap_or(line);
        if line.is_empty() {
            events.extend(event.take().map(|data| data.join("\n")));
            continue;
        }
        if line.starts_with(':') {
            continue;
        }
        let (field, value) = line.split_once(':').unwrap_or((line, ""));
        let value = value.strip_prefix(' ').unwrap_or(value);
        let data = event.get_or_insert_with(Vec::new);
        match field {
            "data" => data.push(value),
            "id" | "event" | "retry" => {}
            _ => return Err(format!("not a field of an event stream: {line:?}")),
        }
    }
    if ended && event.is_some() {
        return Err("an event left unfinished at the end of the stream".to_owned());
    }
    Ok(events)
}
