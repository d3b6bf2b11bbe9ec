//! `McpToolbox` signing in as a machine (client credentials) to a toolc MCP server that asks for JWT
//! access tokens, as a program would: refused at first, it finds the authorization server from the
//! server's challenge and metadata, gets a token for the server's URL, and calls; a token that
//! expires is asked for again once however many calls are waiting; a token kept in a `TokenFile`
//! serves the next process without a new one; a refused secret is an error that never shows it. And
//! a person's sign-in in the browser, registered dynamically, with PKCE, refused when the browser
//! comes back refused or with another sign-in's state. And end to end with a server nobody here
//! wrote: the MCP TypeScript SDK's example server behind its own OAuth example (its authorization
//! server registers the client, signs the user in at once, and checks tokens by introspection,
//! only those issued for its server). (The official conformance suites' authorization servers
//! drive every other way of signing in, in `examples/mcp-conformance`.)

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use toolc::Toolbox;
use toolc_mcp::{HttpServer, McpOptions, McpServer, McpToolbox, SignIn, TokenFile};

use crate::support::authority::{Authority, CLIENT_ID, CLIENT_SECRET};
use crate::support::child::{Child, free_port};
use crate::support::guarded::Guarded;
use crate::support::raw_http;

/// A toolc server that takes the tokens `authority` signs for it, and names it in its metadata.
async fn server(authority: &Authority) -> (HttpServer, String) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://127.0.0.1:{}/mcp", listener.local_addr().unwrap().port());
    let options = authority.guarding(&url).scopes_supported(["files:read", "files:write"]);
    let server = McpServer::new(Guarded::default()).unwrap().with(options).serve_http_on(listener).unwrap();
    (server, url)
}

/// What a browser step does to where it was sent back, in a test of a forged one.
type Mangle = fn(String) -> String;

/// A person's browser who signs in at once wherever it is sent: the authorization URL is opened
/// (its host looked up, `localhost` included), and where the authorization server sends the browser
/// back is handed to the client.
async fn browser(authorize_url: String) -> Result<String, String> {
    let url = authorize_url.strip_prefix("http://").ok_or("not plain HTTP")?;
    let (host, path) = url.split_at(url.find('/').ok_or("no path")?);
    let address = tokio::net::lookup_host(host).await.map_err(|err| err.to_string())?.find(|address| address.is_ipv4());
    let address = address.ok_or("no IPv4 address")?;
    let reply = raw_http::send(address, raw_http::head("GET", path, host, &[], None).as_bytes()).await;
    reply.header("location").map(str::to_owned).ok_or(format!("no redirect: {reply:?}"))
}

fn machine() -> SignIn {
    SignIn::client_credentials(CLIENT_ID, CLIENT_SECRET)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_machine_signs_in_through_the_servers_metadata_and_calls() {
    let authority = Authority::start(600).await;
    let (server, url) = server(&authority).await;

    let tools = McpToolbox::connect_http_with(&url, McpOptions::default().sign_in(machine())).await.unwrap();
    let who = tools.call("whoami", "{}").await.unwrap();
    assert_eq!(who["result"], format!("{CLIENT_ID} with files:read files:write"));

    // One token, for this server (RFC 8707), with the scopes its metadata names.
    let asked = authority.asked();
    assert_eq!(asked.len(), 1, "{asked:?}");
    let field = |name: &str| asked[0].iter().find(|(key, _)| key == name).map(|(_, value)| value.clone());
    assert_eq!(field("grant_type").as_deref(), Some("client_credentials"));
    assert_eq!(field("resource").as_deref(), Some(url.as_str()));
    assert_eq!(field("scope").as_deref(), Some("files:read files:write"));
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_signs_in_in_the_browser_as_a_client_registered_for_the_purpose() {
    let authority = Authority::start(600).await;
    let (server, url) = server(&authority).await;
    let sign_in = SignIn::new("http://127.0.0.1:9/callback", browser).client_name("sign-in test");

    let tools = McpToolbox::connect_http_with(&url, McpOptions::default().sign_in(sign_in)).await.unwrap();
    let who = tools.call("whoami", "{}").await.unwrap();
    assert_eq!(
        who["result"], "registered-1 with files:read files:write",
        "the registered client, the metadata's scopes"
    );

    // Registered once, by name and redirect; the code exchanged with its PKCE verifier, for this server.
    let registered = authority.registered.lock().unwrap().clone();
    assert_eq!(registered.len(), 1, "{registered:?}");
    assert_eq!(
        (registered[0]["client_name"].as_str(), registered[0]["redirect_uris"][0].as_str()),
        (Some("sign-in test"), Some("http://127.0.0.1:9/callback"))
    );
    let asked = authority.asked();
    let field = |name: &str| asked[0].iter().find(|(key, _)| key == name).map(|(_, value)| value.clone());
    assert_eq!(field("grant_type").as_deref(), Some("authorization_code"));
    assert_eq!(field("resource").as_deref(), Some(url.as_str()));
    assert!(field("code_verifier").is_some_and(|verifier| verifier.len() >= 43), "{asked:?}");
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_browser_step_that_comes_back_refused_or_forged_signs_nobody_in() {
    let authority = Authority::start(600).await;
    let (server, url) = server(&authority).await;
    let cases: [(&str, Mangle); 2] = [
        ("refused the sign-in: access_denied", |_| {
            "http://127.0.0.1:9/callback?error=access_denied&error_description=no".to_owned()
        }),
        // Another sign-in's state: a forged redirect.
        ("not taken", |back| back.replace("state=", "state=forged")),
    ];
    for (said, came_back) in cases {
        let sign_in = SignIn::new("http://127.0.0.1:9/callback", move |authorize_url| async move {
            Ok(came_back(browser(authorize_url).await?))
        });
        let err = McpToolbox::connect_http_with(&url, McpOptions::default().sign_in(sign_in)).await.unwrap_err();
        assert!(err.to_string().contains(said), "{err}");
        assert!(!err.to_string().contains("code-"), "the code is never shown: {err}");
    }
    assert!(authority.asked().is_empty(), "no code was exchanged: {:?}", authority.asked());
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_expired_token_is_asked_for_again_once_for_all_the_calls_waiting() {
    let authority = Authority::start(2).await;
    let (server, url) = server(&authority).await;
    let tools = McpToolbox::connect_http_with(&url, McpOptions::default().sign_in(machine())).await.unwrap();
    assert_eq!(authority.asked().len(), 1);

    tokio::time::sleep(Duration::from_millis(2500)).await;
    let calls = (0..4).map(|_| tools.call("echo", r#"{"text": "again"}"#));
    for answer in futures_util::future::join_all(calls).await {
        assert_eq!(answer.unwrap()["result"], "again");
    }
    assert_eq!(authority.asked().len(), 2, "one new token for the four calls: {:?}", authority.asked());
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sign_in_that_fails_fails_every_call_waiting_on_it_with_one_browser_step() {
    let authority = Authority::start(2).await;
    let (server, url) = server(&authority).await;
    let opened = Arc::new(AtomicUsize::new(0));
    let counted = Arc::clone(&opened);
    // The user signs in once; the next time, they close the browser.
    let sign_in = SignIn::new("http://127.0.0.1:9/callback", move |authorize_url| {
        let first = counted.fetch_add(1, Ordering::SeqCst) == 0;
        async move { if first { browser(authorize_url).await } else { Err("the user closed the browser".to_owned()) } }
    });
    let tools = McpToolbox::connect_http_with(&url, McpOptions::default().sign_in(sign_in)).await.unwrap();

    tokio::time::sleep(Duration::from_millis(2500)).await;
    let calls = (0..4).map(|_| tools.call("echo", r#"{"text": "again"}"#));
    for answer in futures_util::future::join_all(calls).await {
        let err = answer.unwrap_err().to_string();
        assert!(err.contains("the user closed the browser"), "{err}");
    }
    assert_eq!(opened.load(Ordering::SeqCst), 2, "one browser step for the four calls");
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_token_kept_in_a_file_serves_the_next_process_and_only_its_owner_reads_it() {
    let authority = Authority::start(600).await;
    let (server, url) = server(&authority).await;
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("tokens/server.json");
    let options = || McpOptions::default().sign_in(machine().store(TokenFile::new(&path)));

    let first = McpToolbox::connect_http_with(&url, options()).await.unwrap();
    first.call("echo", r#"{"text": "one"}"#).await.unwrap();
    drop(first);
    let kept = std::fs::read_to_string(&path).unwrap();
    assert!(kept.contains(CLIENT_ID) && !kept.contains(CLIENT_SECRET), "the token, not the secret: {kept}");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        assert_eq!(std::fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o600);
    }

    let next = McpToolbox::connect_http_with(&url, options()).await.unwrap();
    assert_eq!(next.call("echo", r#"{"text": "two"}"#).await.unwrap()["result"], "two");
    assert_eq!(authority.asked().len(), 1, "the kept token was used: {:?}", authority.asked());
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_secret_is_an_error_naming_the_client_and_never_the_secret() {
    let authority = Authority::start(600).await;
    let (server, url) = server(&authority).await;
    let sign_in = SignIn::client_credentials(CLIENT_ID, "wr0ng-s3cret");
    let err =
        McpToolbox::connect_http_with(&url, McpOptions::default().sign_in(sign_in)).await.unwrap_err().to_string();
    assert!(err.contains("sign-in") && err.contains(CLIENT_ID), "{err}");
    assert!(!err.contains("wr0ng-s3cret"), "{err}");

    let both = McpOptions::default().bearer("t0ken").sign_in(machine());
    let err = McpToolbox::connect_http_with(&url, both).await.unwrap_err().to_string();
    assert!(err.contains("both a bearer token and a sign-in"), "{err}");
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_typescript_sdks_server_behind_its_own_oauth_example_is_signed_in_to_end_to_end() {
    let (_, sdks) = crate::support::pinned::installed();
    let example = sdks.join("node_modules/@modelcontextprotocol/sdk/dist/esm/examples/server/simpleStreamableHttp.js");
    let (port, auth_port) = (free_port(), free_port());
    let mut node = std::process::Command::new("node");
    node.arg(&example)
        .args(["--oauth", "--oauth-strict"])
        .env("MCP_PORT", port.to_string())
        .env("MCP_AUTH_PORT", auth_port.to_string())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::inherit());
    let mut server = Child(node.spawn().expect("node starts the SDK's example"));
    // Both listen once the server says so; what it prints after is read too, to the end, since
    // node ends on a pipe nobody reads.
    let stdout = server.0.stdout.take().unwrap();
    let (ready, listening) = tokio::sync::oneshot::channel();
    std::thread::spawn(move || {
        use std::io::BufRead;
        let (mut mcp, mut auth, mut ready) = (false, false, Some(ready));
        for line in std::io::BufReader::new(stdout).lines().map_while(Result::ok) {
            mcp |= line.contains("MCP Streamable HTTP Server listening");
            auth |= line.contains("OAuth Authorization Server listening");
            if mcp && auth {
                ready.take().map(|ready| ready.send(()));
            }
        }
    });
    tokio::time::timeout(Duration::from_secs(30), listening).await.unwrap().expect("the example starts");

    let url = format!("http://localhost:{port}/mcp");
    let sign_in = SignIn::new("http://localhost:9/callback", browser).client_name("toolc sign-in test");
    let tools = McpToolbox::connect_http_with(&url, McpOptions::default().sign_in(sign_in)).await.unwrap();
    assert!(tools.tools().iter().any(|tool| tool.name == "greet"), "{:?}", tools.tools());
    assert_eq!(tools.call("greet", r#"{"name": "toolc"}"#).await.unwrap(), "Hello, toolc!");
}
