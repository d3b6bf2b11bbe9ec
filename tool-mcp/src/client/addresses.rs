//! Where a server's metadata may send the client, as rmcp allows the addresses its own metadata
//! requests reach: a loopback address only for a server on loopback, a private one (RFC 1918,
//! fc00::/7, shared 100.64/10) only with `SignIn::private_network`, never a link-local (the cloud's
//! metadata service), unspecified or multicast one.

use std::net::IpAddr;

use reqwest::Url;

/// The addresses the sign-in of one server may reach.
#[derive(Debug, Clone, Copy)]
pub(super) struct Reach {
    loopback: bool,
    private: bool,
}

impl Reach {
    /// For the MCP server at `server`, private addresses allowed or not.
    pub(super) fn of(server: &str, private_network: bool) -> Self {
        Reach { loopback: Url::parse(server).is_ok_and(|server| is_loopback(&server)), private: private_network }
    }

    pub(super) fn allows(self, ip: IpAddr) -> bool {
        if ip.is_loopback() {
            self.loopback
        } else if is_private(ip) {
            self.private
        } else {
            !(ip.is_unspecified() || ip.is_multicast() || is_link_local(ip))
        }
    }

    /// Why `ip`, where `what` is, may not be reached.
    pub(super) fn refusal(self, what: &str, ip: IpAddr) -> String {
        format!(
            "{what} is at {ip}, where a server's metadata may not send the client (a private address needs \
             `SignIn::private_network`)"
        )
    }
}

fn is_private(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(ip) => ip.is_private() || (ip.octets()[0] == 100 && (ip.octets()[1] & 0xc0) == 64),
        IpAddr::V6(ip) => (ip.segments()[0] & 0xfe00) == 0xfc00,
    }
}

fn is_link_local(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(ip) => ip.is_link_local(),
        IpAddr::V6(ip) => (ip.segments()[0] & 0xffc0) == 0xfe80,
    }
}

/// Whether `url` names this machine.
pub(super) fn is_loopback(url: &Url) -> bool {
    url.host_str() == Some("localhost") || literal(url).is_some_and(|ip| ip.is_loopback())
}

/// The address `url` names literally, if it names one rather than a host name.
pub(super) fn literal(url: &Url) -> Option<IpAddr> {
    url.host_str()?.trim_start_matches('[').trim_end_matches(']').parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_loopback_is_reached_over_plain_http() {
        for (url, loopback) in [
            ("http://localhost:1/t", true),
            ("http://127.0.0.1/t", true),
            ("http://[::1]/t", true),
            ("http://10.0.0.1/t", false),
        ] {
            assert_eq!(is_loopback(&Url::parse(url).unwrap()), loopback, "{url}");
        }
    }

    #[test]
    fn private_addresses_need_leave_and_link_local_ones_are_never_reached() {
        let ip = |text: &str| text.parse::<IpAddr>().unwrap();
        let public = Reach::of("https://mcp.example/mcp", false);
        let open = Reach::of("https://mcp.example/mcp", true);
        assert!(!public.allows(ip("10.0.0.9")) && open.allows(ip("10.0.0.9")));
        assert!(open.allows(ip("100.64.1.1")) && !public.allows(ip("100.64.1.1")), "shared address space");
        assert!(!open.allows(ip("169.254.169.254")) && !open.allows(ip("fe80::1")));
        assert!(!open.allows(ip("127.0.0.1")), "loopback for a remote server");
        assert!(Reach::of("http://127.0.0.1:8/mcp", false).allows(ip("127.0.0.1")));
        assert!(public.allows(ip("93.184.216.34")));
    }
}
