//! [`Caller`]: who is calling, as a server that checks tokens knows it.

use serde_json::{Map, Value};

/// Who made a call, as the server's token check found it: the token's subject, the scopes it
/// grants and all its claims. A tool reads it through [`CallContext::caller`](crate::CallContext::caller);
/// an MCP server decides with it which tools a caller may list and call.
///
/// ```
/// use serde_json::json;
/// use toolc::Caller;
///
/// let claims = json!({"sub": "ci-bot", "scope": "files:read files:write"});
/// let caller = Caller::from_claims(claims.as_object().unwrap().clone());
/// assert_eq!(caller.subject(), Some("ci-bot"));
/// assert!(caller.has_scope("files:write") && !caller.has_scope("admin"));
/// ```
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Caller {
    subject: Option<String>,
    scopes: Vec<String>,
    claims: Map<String, Value>,
}

impl Caller {
    /// A caller known by its token's claims: `sub` is its subject, and its scopes are those of
    /// `scope` (OAuth's space-separated string) or `scp` (a list, as some issuers write them).
    pub fn from_claims(claims: Map<String, Value>) -> Self {
        let subject = claims.get("sub").and_then(Value::as_str).map(str::to_owned);
        let scopes = match (claims.get("scope"), claims.get("scp")) {
            (Some(Value::String(scope)), _) => scope.split_whitespace().map(str::to_owned).collect(),
            (_, Some(Value::Array(scp))) => scp.iter().filter_map(Value::as_str).map(str::to_owned).collect(),
            (_, Some(Value::String(scp))) => scp.split_whitespace().map(str::to_owned).collect(),
            _ => Vec::new(),
        };
        Caller { subject, scopes, claims }
    }

    /// A caller with a name and scopes and no other claims (the holder of a fixed token).
    pub fn named<S: Into<String>>(subject: impl Into<String>, scopes: impl IntoIterator<Item = S>) -> Self {
        let subject = subject.into();
        let scopes: Vec<String> = scopes.into_iter().map(Into::into).collect();
        let mut claims = Map::new();
        claims.insert("sub".to_owned(), Value::String(subject.clone()));
        if !scopes.is_empty() {
            claims.insert("scope".to_owned(), Value::String(scopes.join(" ")));
        }
        Caller { subject: Some(subject), scopes, claims }
    }

    /// The token's subject (`sub`), when it names one.
    pub fn subject(&self) -> Option<&str> {
        self.subject.as_deref()
    }

    /// The scopes the token grants.
    pub fn scopes(&self) -> &[String] {
        &self.scopes
    }

    /// Whether the token grants `scope`.
    pub fn has_scope(&self, scope: &str) -> bool {
        self.scopes.iter().any(|granted| granted == scope)
    }

    /// Every claim of the token, as it carried them.
    pub fn claims(&self) -> &Map<String, Value> {
        &self.claims
    }
}
