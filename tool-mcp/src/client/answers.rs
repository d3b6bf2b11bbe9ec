//! What the program answers when a server asks in the middle of a call: the user (elicitation), the
//! program's model (sampling), or the roots it works in. The client declares exactly what the program
//! gave an answer for, so a server never asks what nobody here can answer.
//!
//! - 2025-11-25 (a session): the server sends a request; rmcp hands it to the client's handler,
//!   which asks here.
//! - 2026-07-28: the server's result is `input_required`, listing its questions; the call is sent
//!   again with the answers and the server's `requestState` as given ([`Answers::answer_all`]).

// Sampling and roots are marked deprecated in rmcp (SEP-2577 will remove them); 2025-11-25 and
// 2026-07-28 both have them.
#![allow(deprecated)]

use std::collections::BTreeMap;
use std::fmt;
use std::future::Future;
use std::sync::Arc;

use futures_util::future::BoxFuture;
use rmcp::model::{
    ClientCapabilities, CreateMessageRequestParams, CreateMessageResult, ElicitRequestParams, ElicitResult,
    ElicitationAction, ElicitationCapability, FormElicitationCapability, InputRequest, InputRequests, ListRootsResult,
    Root, RootsCapabilities, SamplingCapability, UrlElicitationCapability,
};
use serde_json::Value;

/// A program's answer to a question of type `Q`, kept as the client keeps every one.
type Answer<Q, R> = Arc<dyn Fn(Q) -> BoxFuture<'static, Result<R, String>> + Send + Sync>;

/// `answer`, kept as an [`Answer`].
fn boxed<Q, R, F, Fut>(answer: F) -> Answer<Q, R>
where
    F: Fn(Q) -> Fut + Send + Sync + 'static,
    Fut: Future<Output = Result<R, String>> + Send + 'static,
{
    Arc::new(move |question| Box::pin(answer(question)))
}

/// The program's answers to a server's questions; none by default.
#[derive(Clone, Default)]
pub(super) struct Answers {
    elicit: Option<Answer<ElicitRequestParams, ElicitResult>>,
    elicit_url: Option<Answer<ElicitRequestParams, ElicitResult>>,
    sample: Option<Answer<CreateMessageRequestParams, CreateMessageResult>>,
    roots: Option<Vec<Root>>,
}

impl fmt::Debug for Answers {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Answers")
            .field("elicitation", &self.elicit.is_some())
            .field("url_elicitation", &self.elicit_url.is_some())
            .field("sampling", &self.sample.is_some())
            .field("roots", &self.roots)
            .finish()
    }
}

/// Why a server's question got no answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Unanswered(pub(super) String);

impl Answers {
    pub(super) fn elicit<F, Fut>(&mut self, answer: F)
    where
        F: Fn(ElicitRequestParams) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = Result<ElicitResult, String>> + Send + 'static,
    {
        self.elicit = Some(boxed(answer));
    }

    pub(super) fn elicit_url<F, Fut>(&mut self, answer: F)
    where
        F: Fn(ElicitRequestParams) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = Result<ElicitResult, String>> + Send + 'static,
    {
        self.elicit_url = Some(boxed(answer));
    }

    pub(super) fn sample<F, Fut>(&mut self, answer: F)
    where
        F: Fn(CreateMessageRequestParams) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = Result<CreateMessageResult, String>> + Send + 'static,
    {
        self.sample = Some(boxed(answer));
    }

    pub(super) fn roots(&mut self, roots: Vec<Root>) {
        self.roots = Some(roots);
    }

    /// The capabilities to declare: those the program answers, and no other.
    pub(super) fn capabilities(&self) -> ClientCapabilities {
        let mut capabilities = ClientCapabilities::default();
        if self.elicit.is_some() || self.elicit_url.is_some() {
            let mut elicitation = ElicitationCapability::new();
            elicitation.form = self.elicit.as_ref().map(|_| FormElicitationCapability::default());
            elicitation.url = self.elicit_url.as_ref().map(|_| UrlElicitationCapability::new());
            capabilities.elicitation = Some(elicitation);
        }
        if self.sample.is_some() {
            capabilities.sampling = Some(SamplingCapability::default());
        }
        if self.roots.is_some() {
            capabilities.roots = Some(RootsCapabilities::default());
        }
        capabilities
    }

    /// Asks the user what `request` asks, through the program: a form, or a URL to open. A form's
    /// answer gets the defaults the form gives for the fields the user left out (SEP-1034).
    pub(super) async fn answer_elicitation(&self, request: ElicitRequestParams) -> Result<ElicitResult, Unanswered> {
        let defaults = match &request {
            ElicitRequestParams::FormElicitationParams { requested_schema, .. } => {
                serde_json::to_value(requested_schema).ok().map(|schema| defaults_of(&schema)).unwrap_or_default()
            }
            _ => {
                let Some(open) = &self.elicit_url else {
                    return Err(Unanswered(
                        "the server asked the user to open a URL, which this client did not declare it can do".into(),
                    ));
                };
                return open(request).await.map_err(Unanswered);
            }
        };
        let Some(elicit) = &self.elicit else {
            return Err(Unanswered(
                "the server asked the user to fill in a form, which this client did not declare it can do".into(),
            ));
        };
        let mut answer = elicit(request).await.map_err(Unanswered)?;
        if answer.action == ElicitationAction::Accept {
            let content = answer.content.get_or_insert_with(|| Value::Object(Default::default()));
            if let Value::Object(content) = content {
                for (field, default) in defaults {
                    content.entry(field).or_insert(default);
                }
            }
        }
        Ok(answer)
    }

    /// Asks the program's model what `request` asks.
    pub(super) async fn answer_sampling(
        &self,
        request: CreateMessageRequestParams,
    ) -> Result<CreateMessageResult, Unanswered> {
        let Some(sample) = &self.sample else {
            return Err(Unanswered(
                "the server asked for a model's message, which this client did not declare it gives".into(),
            ));
        };
        sample(request).await.map_err(Unanswered)
    }

    /// The roots the program works in.
    pub(super) fn answer_roots(&self) -> Result<ListRootsResult, Unanswered> {
        match &self.roots {
            Some(roots) => Ok(ListRootsResult::new(roots.clone())),
            None => {
                Err(Unanswered("the server asked for the client's roots, which this client did not declare".into()))
            }
        }
    }

    /// The answers to a 2026-07-28 round's questions, each under the key the server gave it; the
    /// first question that cannot be answered ends the call, named.
    pub(super) async fn answer_all(&self, questions: InputRequests) -> Result<BTreeMap<String, Value>, Unanswered> {
        let mut answers = BTreeMap::new();
        for (key, question) in questions {
            let answer = match question {
                InputRequest::Elicitation(request) => to_json(self.answer_elicitation(request.params).await?),
                InputRequest::CreateMessage(request) => to_json(self.answer_sampling(request.params).await?),
                InputRequest::ListRoots(_) => to_json(self.answer_roots()?),
                _ => {
                    return Err(Unanswered(format!(
                        "the server asked `{key}`, a kind of question this client does not know"
                    )));
                }
            };
            answers.insert(key, answer?);
        }
        Ok(answers)
    }
}

fn to_json(answer: impl serde::Serialize) -> Result<Value, Unanswered> {
    serde_json::to_value(answer).map_err(|err| Unanswered(format!("the answer is not JSON: {err}")))
}

/// The `default` of each property of a form's schema.
fn defaults_of(schema: &Value) -> Vec<(String, Value)> {
    let Some(properties) = schema.get("properties").and_then(Value::as_object) else { return Vec::new() };
    properties.iter().filter_map(|(field, property)| Some((field.clone(), property.get("default")?.clone()))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn form(schema: Value) -> ElicitRequestParams {
        serde_json::from_value(json!({"mode": "form", "message": "Details?", "requestedSchema": schema})).unwrap()
    }

    #[tokio::test]
    async fn an_accepted_form_gets_the_defaults_of_the_fields_left_out() {
        let mut answers = Answers::default();
        answers.elicit(|_| async {
            Ok(serde_json::from_value(json!({"action": "accept", "content": {"name": "Ana"}})).unwrap())
        });
        let schema = json!({"type": "object", "properties": {
            "name": {"type": "string", "default": "anonymous"},
            "age": {"type": "integer", "default": 30},
            "city": {"type": "string"},
        }});
        let answer = answers.answer_elicitation(form(schema)).await.unwrap();
        assert_eq!(answer.content, Some(json!({"name": "Ana", "age": 30})));
    }

    #[tokio::test]
    async fn only_what_the_program_answers_is_declared_and_the_rest_is_refused_by_name() {
        let answers = Answers::default();
        assert_eq!(serde_json::to_value(answers.capabilities()).unwrap(), json!({}));
        let refused = answers.answer_elicitation(form(json!({"type": "object", "properties": {}}))).await;
        assert!(refused.unwrap_err().0.contains("did not declare"));

        let mut answers = Answers::default();
        answers.elicit_url(|_| async { Ok(ElicitResult::new(ElicitationAction::Decline)) });
        assert_eq!(serde_json::to_value(answers.capabilities()).unwrap(), json!({"elicitation": {"url": {}}}));
        let form_refused = answers.answer_elicitation(form(json!({"type": "object", "properties": {}}))).await;
        assert!(form_refused.unwrap_err().0.contains("form"));

        let mut answers = Answers::default();
        answers.roots(vec![Root::new("file:///work")]);
        assert_eq!(serde_json::to_value(answers.capabilities()).unwrap(), json!({"roots": {}}));
        assert_eq!(answers.answer_roots().unwrap().roots[0].uri, "file:///work");
        assert!(
            answers
                .answer_sampling(serde_json::from_value(json!({"messages": [], "maxTokens": 5})).unwrap())
                .await
                .is_err()
        );
    }
}
