//! The HTTP client of a signed-in connection whose tokens are DPoP-bound (feature `oauth-dpop`):
//! each request to the MCP server carries its token as `Authorization: DPoP <token>`, with a fresh
//! proof for that request and token (RFC 9449 section 7), and a request the server refuses for want
//! of a nonce is sent again once with it (section 9).
//!
//! rmcp's transport keeps, of a `401`, only its `WWW-Authenticate` header, not the `DPoP-Nonce`
//! beside it; so the nonce is asked for with a request of no body, which a server that checks
//! tokens first refuses again with its nonce, and which could change nothing even if the token
//! were taken (a request that is not JSON-RPC is answered `400`).

use std::collections::HashMap;
use std::future::Future;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use futures_util::stream::BoxStream;
use reqwest::Url;
use reqwest::header::{ACCEPT, AUTHORIZATION, CONTENT_TYPE, HeaderName, HeaderValue};
use rmcp::model::ClientJsonRpcMessage;
use rmcp::transport::auth::CredentialStore;
use rmcp::transport::streamable_http_client::{
    SseError, StreamableHttpClient, StreamableHttpError, StreamableHttpPostResponse, StreamableHttpResponseLimits,
};
use sse_stream::Sse;

use super::dpop::{Dpop, NONCE_HEADER, PROOF_HEADER, asks_nonce};

/// How long the server has to answer the request for its nonce.
const NONCE_WITHIN: Duration = Duration::from_secs(30);

type Failed = StreamableHttpError<reqwest::Error>;

/// reqwest's client, which sends a token the authorization server bound to the key (`dpop`) as a
/// DPoP-bound one, and any other as a bearer token.
#[derive(Clone)]
pub(super) struct Proved {
    pub(super) inner: reqwest::Client,
    pub(super) dpop: Option<Arc<Dpop>>,
    /// Where the tokens are, with their type.
    pub(super) store: Arc<dyn CredentialStore>,
    /// The last token sent, and whether it is bound.
    pub(super) last: Arc<Mutex<Option<(String, bool)>>>,
}

impl Proved {
    /// Whether `token` was issued bound to the key (`token_type` `DPoP`, RFC 9449 section 5): an
    /// authorization server that does not bind tokens issues bearer tokens, sent as such.
    async fn is_bound(&self, token: &str) -> bool {
        if let Some((last, bound)) = self.last.lock().unwrap_or_else(PoisonError::into_inner).as_ref()
            && last == token
        {
            return *bound;
        }
        let kept = self.store.load().await.ok().flatten().and_then(|kept| kept.token_response);
        // Read as the token endpoint wrote it.
        let kept = kept.and_then(|response| serde_json::to_value(response).ok()).unwrap_or_default();
        let bound = kept["access_token"] == token
            && kept["token_type"].as_str().is_some_and(|kind| kind.eq_ignore_ascii_case("dpop"));
        *self.last.lock().unwrap_or_else(PoisonError::into_inner) = Some((token.to_owned(), bound));
        bound
    }

    /// The token and headers to send a `method` request to `uri` with: the token moved into the
    /// headers, with its proof, when it is bound to the key.
    async fn bound(
        &self,
        method: &str,
        uri: &str,
        token: Option<String>,
        mut headers: HashMap<HeaderName, HeaderValue>,
    ) -> Result<(Option<String>, HashMap<HeaderName, HeaderValue>), Failed> {
        let (Some(dpop), Some(token)) = (&self.dpop, &token) else { return Ok((token, headers)) };
        if !self.is_bound(token).await {
            return Ok((Some(token.clone()), headers));
        }
        let url = Url::parse(uri).map_err(|err| failed(format!("the server URL {uri} is not a URL: {err}")))?;
        let proof = dpop.proof(method, &url, Some(token)).map_err(failed)?;
        let value = |text: String| HeaderValue::from_str(&text).map_err(|_| failed("the token is not a header value"));
        headers.insert(AUTHORIZATION, value(format!("DPoP {token}"))?);
        headers.insert(HeaderName::from_static("dpop"), value(proof)?);
        Ok((None, headers))
    }

    /// Sends a `method` request to `uri` with `send`, and once more when the server refuses it for
    /// want of a nonce it then gives.
    async fn sent<T, F, Fut>(
        &self,
        method: &str,
        uri: &str,
        token: Option<String>,
        headers: HashMap<HeaderName, HeaderValue>,
        send: F,
    ) -> Result<T, Failed>
    where
        F: Fn(Option<String>, HashMap<HeaderName, HeaderValue>) -> Fut,
        Fut: Future<Output = Result<T, Failed>>,
    {
        let (bound_token, bound_headers) = self.bound(method, uri, token.clone(), headers.clone()).await?;
        match send(bound_token, bound_headers).await {
            Err(StreamableHttpError::AuthRequired(refusal)) if asks_nonce(&refusal.www_authenticate_header) => {
                match &token {
                    Some(given) if self.nonce_given(uri, given).await => {
                        let (token, headers) = self.bound(method, uri, token, headers).await?;
                        send(token, headers).await
                    }
                    _ => Err(StreamableHttpError::AuthRequired(refusal)),
                }
            }
            other => other,
        }
    }

    /// Whether the server at `uri` gives a nonce it did not give before, asked with a request of
    /// no body.
    async fn nonce_given(&self, uri: &str, token: &str) -> bool {
        let (Some(dpop), Ok(url)) = (&self.dpop, Url::parse(uri)) else { return false };
        let Ok(proof) = dpop.proof("POST", &url, Some(token)) else { return false };
        let asked = self
            .inner
            .post(url.clone())
            .header(AUTHORIZATION, format!("DPoP {token}"))
            .header(PROOF_HEADER, proof)
            .header(CONTENT_TYPE, "application/json")
            .header(ACCEPT, "application/json, text/event-stream")
            .timeout(NONCE_WITHIN)
            .send();
        let Ok(answer) = asked.await else { return false };
        let nonce = answer.headers().get(NONCE_HEADER).and_then(|value| value.to_str().ok());
        dpop.keep_nonce(&url, nonce)
    }
}

fn failed(why: impl Into<String>) -> Failed {
    StreamableHttpError::Io(std::io::Error::other(why.into()))
}

impl StreamableHttpClient for Proved {
    type Error = reqwest::Error;

    fn post_message(
        &self,
        uri: Arc<str>,
        message: ClientJsonRpcMessage,
        session_id: Option<Arc<str>>,
        auth_header: Option<String>,
        custom_headers: HashMap<HeaderName, HeaderValue>,
    ) -> impl Future<Output = Result<StreamableHttpPostResponse, Failed>> + Send + '_ {
        self.post_message_with_response_limits(
            uri,
            message,
            session_id,
            auth_header,
            custom_headers,
            StreamableHttpResponseLimits::default(),
        )
    }

    fn post_message_with_max_sse_event_size(
        &self,
        uri: Arc<str>,
        message: ClientJsonRpcMessage,
        session_id: Option<Arc<str>>,
        auth_header: Option<String>,
        custom_headers: HashMap<HeaderName, HeaderValue>,
        max_sse_event_size: usize,
    ) -> impl Future<Output = Result<StreamableHttpPostResponse, Failed>> + Send + '_ {
        let mut limits = StreamableHttpResponseLimits::default();
        limits.max_sse_event_size = max_sse_event_size;
        self.post_message_with_response_limits(uri, message, session_id, auth_header, custom_headers, limits)
    }

    async fn post_message_with_response_limits(
        &self,
        uri: Arc<str>,
        message: ClientJsonRpcMessage,
        session_id: Option<Arc<str>>,
        auth_header: Option<String>,
        custom_headers: HashMap<HeaderName, HeaderValue>,
        limits: StreamableHttpResponseLimits,
    ) -> Result<StreamableHttpPostResponse, Failed> {
        self.sent("POST", &uri, auth_header, custom_headers, |token, headers| {
            self.inner.post_message_with_response_limits(
                Arc::clone(&uri),
                message.clone(),
                session_id.clone(),
                token,
                headers,
                limits,
            )
        })
        .await
    }

    async fn delete_session(
        &self,
        uri: Arc<str>,
        session_id: Arc<str>,
        auth_header: Option<String>,
        custom_headers: HashMap<HeaderName, HeaderValue>,
    ) -> Result<(), Failed> {
        self.sent("DELETE", &uri, auth_header, custom_headers, |token, headers| {
            self.inner.delete_session(Arc::clone(&uri), Arc::clone(&session_id), token, headers)
        })
        .await
    }

    fn get_stream(
        &self,
        uri: Arc<str>,
        session_id: Option<Arc<str>>,
        last_event_id: Option<String>,
        auth_header: Option<String>,
        custom_headers: HashMap<HeaderName, HeaderValue>,
    ) -> impl Future<Output = Result<BoxStream<'static, Result<Sse, SseError>>, Failed>> + Send + '_ {
        self.get_stream_with_max_sse_event_size(
            uri,
            session_id,
            last_event_id,
            auth_header,
            custom_headers,
            StreamableHttpResponseLimits::default().max_sse_event_size,
        )
    }

    async fn get_stream_with_max_sse_event_size(
        &self,
        uri: Arc<str>,
        session_id: Option<Arc<str>>,
        last_event_id: Option<String>,
        auth_header: Option<String>,
        custom_headers: HashMap<HeaderName, HeaderValue>,
        max_sse_event_size: usize,
    ) -> Result<BoxStream<'static, Result<Sse, SseError>>, Failed> {
        self.sent("GET", &uri, auth_header, custom_headers, |token, headers| {
            self.inner.get_stream_with_max_sse_event_size(
                Arc::clone(&uri),
                session_id.clone(),
                last_event_id.clone(),
                token,
                headers,
                max_sse_event_size,
            )
        })
        .await
    }
}
