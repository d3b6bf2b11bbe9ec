//! A server the tests start as a child process: killed when the test ends, however it ends, on a
//! free port of 127.0.0.1, waited for until it listens.

use std::time::{Duration, Instant};

/// A child process killed when it is dropped.
pub struct Child(pub std::process::Child);

impl Drop for Child {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A free port of 127.0.0.1.
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// Waits until something accepts connections on `port` of 127.0.0.1, within `within`; `what` names
/// it in the failure.
pub async fn listening(port: u16, within: Duration, what: &str) {
    let started = Instant::now();
    while tokio::net::TcpStream::connect(("127.0.0.1", port)).await.is_err() {
        assert!(started.elapsed() < within, "{what} did not listen on port {port} within {within:?}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}
