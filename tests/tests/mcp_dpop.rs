//! DPoP-bound tokens (RFC 9449) end to end: `McpToolbox` signing in with `SignIn::dpop` binds its
//! token to a key of its own at the token endpoint (sending the authorization server's nonce back
//! when asked) and sends it with a fresh proof on every request (the server's nonce too) to a toolc
//! server that takes DPoP-bound tokens alone; and that server, attacked with proofs made by
//! jsonwebtoken apart from toolc's client, refuses each proof that is replayed, made for another
//! request, token or key, too old, without its nonce, or signed with a shared secret, and a bound
//! token presented as a bearer token. (The official conformance suite's `auth/dpop` and
//! `auth/dpop-nonce` scenarios drive the client against servers nobody here wrote, in
//! `examples/mcp-conformance`.)

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use jsonwebtoken::jwk::{Jwk, ThumbprintHash};
use jsonwebtoken::{Algorithm, EncodingKey, Header, encode};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use toolc::Toolbox;
use toolc_mcp::{DpopTokens, HttpServer, McpOptions, McpServer, McpToolbox, SignIn};

use crate::support::authority::{Authority, CLIENT_ID, CLIENT_SECRET};
use crate::support::guarded::Guarded;

/// Two P-256 keys made for these tests alone (`openssl ecparam -name prime256v1 -genkey`).
const KEY: &str = "-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgrL2gixHsC5YYrr7y
sDXcXL9lWmbLfYe3idwCPyaJxvqhRANCAATOGmQTla1keLbp3mHdk+YUR+zqVR8d
JMqm9jpMwjHvDVXQSOItv0rLWI4OmZeQ8expMNyij2xThLotsH+X52bm
-----END PRIVATE KEY-----
";
const OTHER_KEY: &str = "-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgXVfIA+MBy8/qB3RY
q+r9UEmzZpFzmlN5kMAWJaiX15ehRANCAASPanKEnjkM2BEm6H32tQSkWaspa4Md
TUJu86Toy8s0U3keRC3tGvUydG5hVkrdmsSuntEqyLx65VWSnwl/GHjn
-----END PRIVATE KEY-----
";

/// A toolc server taking `authority`'s tokens as `dpop` says.
async fn server(authority: &Authority, dpop: DpopTokens) -> (HttpServer, String) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://127.0.0.1:{}/mcp", listener.local_addr().unwrap().port());
    let options = authority.guarding(&url).scopes_supported(["files:read"]).dpop(dpop);
    let server = McpServer::new(Guarded::default()).unwrap().with(options).serve_http_on(listener).unwrap();
    (server, url)
}

/// A key that signs proofs, as an independent client would.
struct Key {
    encoding: EncodingKey,
    jwk: Jwk,
}

impl Key {
    fn read(pem: &str) -> Key {
        let encoding = EncodingKey::from_ec_pem(pem.as_bytes()).unwrap();
        let jwk = Jwk::from_encoding_key(&encoding, Algorithm::ES256).unwrap();
        Key { encoding, jwk }
    }

    fn thumbprint(&self) -> String {
        self.jwk.thumbprint(ThumbprintHash::SHA256).unwrap()
    }

    /// A proof with `claims`, its header naming the key (or `jwk`, when given).
    fn sign(&self, claims: &Value, jwk: Option<Value>) -> String {
        let mut header = Header::new(Algorithm::ES256);
        header.typ = Some("dpop+jwt".to_owned());
        header.jwk = Some(self.jwk.clone());
        let proof = encode(&header, claims, &self.encoding).unwrap();
        let Some(jwk) = jwk else { return proof };
        // A header of the caller's own, the signature made over it again.
        let mut written: Value = serde_json::to_value(&header).unwrap();
        written["jwk"] = jwk;
        let head = URL_SAFE_NO_PAD.encode(written.to_string());
        let body = proof.split('.').nth(1).unwrap();
        let signature =
            jsonwebtoken::crypto::sign(format!("{head}.{body}").as_bytes(), &self.encoding, Algorithm::ES256);
        format!("{head}.{body}.{}", signature.unwrap())
    }
}

fn now() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_secs()
}

/// A proof's claims for a `method` request to `url` with `token`, and `nonce`.
fn claims(method: &str, url: &str, token: &str, nonce: Option<&str>) -> Value {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let mut claims = json!({
        "jti": format!("proof-{}", NEXT.fetch_add(1, Ordering::Relaxed)),
        "htm": method,
        "htu": url,
        "iat": now(),
        "ath": URL_SAFE_NO_PAD.encode(Sha256::digest(token.as_bytes())),
    });
    if let Some(nonce) = nonce {
        claims["nonce"] = json!(nonce);
    }
    claims
}

/// What the server answers an `initialize` sent with `authorization` and, when given, `proof`.
async fn initialize(url: &str, authorization: &str, proof: Option<&str>) -> reqwest::Response {
    let body = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "attacker", "version": "1"},
    }});
    let mut request = reqwest::Client::new()
        .post(url)
        .header("authorization", authorization)
        .header("accept", "application/json, text/event-stream")
        .json(&body);
    if let Some(proof) = proof {
        request = request.header("dpop", proof);
    }
    request.send().await.unwrap()
}

/// The `error_description` of a refusal's challenge, with its `error`.
fn challenge(answer: &reqwest::Response) -> String {
    answer.headers().get("www-authenticate").and_then(|value| value.to_str().ok()).unwrap_or_default().to_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_toolbox_binds_its_token_to_its_key_and_proves_each_request_sending_both_servers_nonces_back() {
    let authority = Authority::start(600).await;
    *authority.dpop_nonce.lock().unwrap() = Some("the-authorization-servers-nonce".to_owned());
    let (_server, url) = server(&authority, DpopTokens::required().nonces()).await;

    let sign_in = SignIn::client_credentials(CLIENT_ID, CLIENT_SECRET).dpop();
    let tools = McpToolbox::connect_http_with(&url, McpOptions::default().sign_in(sign_in)).await.unwrap();
    for _ in 0..3 {
        let who = tools.call("whoami", "{}").await.unwrap();
        assert_eq!(who["result"], format!("{CLIENT_ID} with files:read"));
    }

    // The token request was proved, refused for want of the nonce, and proved again with it.
    let proofs = authority.proofs.lock().unwrap().clone();
    assert_eq!(proofs.len(), 2, "{proofs:?}");
    let nonce_of = |proof: &Option<String>| {
        let body = proof.as_deref().unwrap().split('.').nth(1).unwrap();
        serde_json::from_slice::<Value>(&URL_SAFE_NO_PAD.decode(body).unwrap()).unwrap()["nonce"].clone()
    };
    assert_eq!(nonce_of(&proofs[0]), Value::Null);
    assert_eq!(nonce_of(&proofs[1]), "the-authorization-servers-nonce");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bearer_client_is_told_the_server_takes_bound_tokens_and_where_to_get_one() {
    let authority = Authority::start(600).await;
    let (_server, url) = server(&authority, DpopTokens::required()).await;

    let answer = initialize(&url, "Bearer nothing", None).await;
    assert_eq!(answer.status(), 401);
    let said = challenge(&answer);
    assert!(said.starts_with("DPoP error=\"invalid_token\""), "{said}");
    assert!(said.contains("DPoP-bound tokens alone") && said.contains("resource_metadata=") && said.contains("ES256"));

    let metadata = url.replace("/mcp", "/.well-known/oauth-protected-resource/mcp");
    let document: Value = reqwest::get(&metadata).await.unwrap().json().await.unwrap();
    assert_eq!(document["dpop_bound_access_tokens_required"], true);
    assert!(document["dpop_signing_alg_values_supported"].as_array().unwrap().contains(&json!("ES256")));
    assert!(!document["dpop_signing_alg_values_supported"].as_array().unwrap().contains(&json!("HS256")));

    // A server that takes both schemes names both, bearer first.
    let (_both, both_url) = server(&authority, DpopTokens::accepted()).await;
    let answer = initialize(&both_url, "Basic nothing", None).await;
    let challenges: Vec<_> =
        answer.headers().get_all("www-authenticate").iter().map(|value| value.to_str().unwrap().to_owned()).collect();
    assert!(challenges[0].starts_with("Bearer resource_metadata="), "{challenges:?}");
    assert!(challenges[1].starts_with("DPoP algs=\"ES256"), "{challenges:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_server_refuses_every_proof_not_made_for_this_request_token_and_key_and_a_proof_sent_twice() {
    let authority = Authority::start(600).await;
    let (_server, url) = server(&authority, DpopTokens::required()).await;
    let (key, other) = (Key::read(KEY), Key::read(OTHER_KEY));
    let token = authority.bound_token_for("agent", &url, "files:read", Some(&key.thumbprint()));
    let dpop = format!("DPoP {token}");

    let good = key.sign(&claims("POST", &url, &token, None), None);
    let answer = initialize(&url, &dpop, Some(&good)).await;
    assert_eq!(answer.status(), 200, "{}", challenge(&answer));
    let again = initialize(&url, &dpop, Some(&good)).await;
    assert_eq!(again.status(), 401);
    assert!(challenge(&again).contains("error=\"invalid_dpop_proof\"") && challenge(&again).contains("sent before"));

    let refused = |what: &'static str, proof: String, authorization: String| {
        let url = url.clone();
        async move {
            let answer = initialize(&url, &authorization, Some(&proof)).await;
            assert_eq!(answer.status(), 401, "{what}");
            let said = challenge(&answer);
            assert!(said.starts_with("DPoP error="), "{what}: {said}");
            said
        }
    };
    let said = refused("a GET's proof", key.sign(&claims("GET", &url, &token, None), None), dpop.clone()).await;
    assert!(said.contains("another method"), "{said}");
    let elsewhere = url.replace("/mcp", "/other");
    let said = refused("another URL's", key.sign(&claims("POST", &elsewhere, &token, None), None), dpop.clone()).await;
    assert!(said.contains("another URL"), "{said}");
    let said = refused("another token's", key.sign(&claims("POST", &url, "stolen", None), None), dpop.clone()).await;
    assert!(said.contains("another token"), "{said}");
    let said = refused("another key's", other.sign(&claims("POST", &url, &token, None), None), dpop.clone()).await;
    assert!(said.contains("error=\"invalid_token\"") && said.contains("cnf.jkt"), "{said}");
    let mut old = claims("POST", &url, &token, None);
    old["iat"] = json!(now() - 3600);
    let said = refused("an hour old", key.sign(&old, None), dpop.clone()).await;
    assert!(said.contains("lately"), "{said}");
    let mut with_private = serde_json::to_value(&key.jwk).unwrap();
    with_private["d"] = json!("rL2gixHsC5YYrr7ysDXcXL9lWmbLfYe3idwCPyaJxvo");
    let with_private = key.sign(&claims("POST", &url, &token, None), Some(with_private));
    let said = refused("a private key", with_private, dpop.clone()).await;
    assert!(said.contains("private key"), "{said}");
    let mut shared = Header::new(Algorithm::HS256);
    shared.typ = Some("dpop+jwt".to_owned());
    shared.jwk = Some(key.jwk.clone());
    let secret = encode(&shared, &claims("POST", &url, &token, None), &EncodingKey::from_secret(b"k")).unwrap();
    let said = refused("a shared secret", secret, dpop.clone()).await;
    assert!(said.contains("asymmetric"), "{said}");
    let answer = initialize(&url, &dpop, None).await;
    assert!(challenge(&answer).contains("exactly one DPoP proof"), "{}", challenge(&answer));

    // The bound token as a bearer token, to a server that takes both.
    let (_both, both_url) = server(&authority, DpopTokens::accepted()).await;
    let both_token = authority.bound_token_for("agent", &both_url, "files:read", Some(&key.thumbprint()));
    let answer = initialize(&both_url, &format!("Bearer {both_token}"), None).await;
    assert_eq!(answer.status(), 401);
    assert!(challenge(&answer).contains("bound to a key"), "{}", challenge(&answer));
    let unbound = authority.token_for("agent", &both_url, "files:read");
    assert_eq!(initialize(&both_url, &format!("Bearer {unbound}"), None).await.status(), 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_that_hands_out_nonces_refuses_a_proof_without_one_and_takes_it_with_the_nonce() {
    let authority = Authority::start(600).await;
    let (_server, url) = server(&authority, DpopTokens::required().nonces()).await;
    let key = Key::read(KEY);
    let token = authority.bound_token_for("agent", &url, "files:read", Some(&key.thumbprint()));
    let dpop = format!("DPoP {token}");

    let answer = initialize(&url, &dpop, Some(&key.sign(&claims("POST", &url, &token, None), None))).await;
    assert_eq!(answer.status(), 401);
    assert!(challenge(&answer).starts_with("DPoP error=\"use_dpop_nonce\""), "{}", challenge(&answer));
    let nonce = answer.headers().get("dpop-nonce").unwrap().to_str().unwrap().to_owned();
    let wrong = key.sign(&claims("POST", &url, &token, Some("made-up")), None);
    assert!(challenge(&initialize(&url, &dpop, Some(&wrong)).await).contains("use_dpop_nonce"));
    let right = key.sign(&claims("POST", &url, &token, Some(&nonce)), None);
    assert_eq!(initialize(&url, &dpop, Some(&right)).await.status(), 200);
}
