//! The suite's tools, each what its scenario asks of a server.

use std::time::Duration;

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use toolc::{
    AskError, Audio, CallContext, ContentPart, Elicited, Form, Image, Level, QuestionKind, Resource, Sampling, toolbox,
};

/// A 1×1 PNG, the suite's own.
const PNG: &str = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==";
/// A WAV file of one silent sample, the suite's own.
const WAV: &str = "UklGRiYAAABXQVZFZm10IBAAAAABAAEAQB8AAAB9AAACABAAZGF0YQIAAAA=";

pub(crate) fn png() -> Vec<u8> {
    STANDARD.decode(PNG).expect("the PNG is base64")
}

/// The server's tools.
pub struct Conformance;

/// Who the user is.
#[derive(Debug, Serialize, Deserialize, JsonSchema, Form)]
pub struct UserInfo {
    /// The user's name.
    username: String,
    /// The user's email address.
    #[schemars(email)]
    email: String,
}

/// A user's profile, every field filled in for them.
#[derive(Debug, Serialize, Deserialize, JsonSchema, Form)]
#[serde(default)]
pub struct Profile {
    /// User name
    name: String,
    /// User age
    age: i64,
    /// User score
    score: f64,
    /// User status
    status: Status,
    /// Verification status
    verified: bool,
}

impl Default for Profile {
    fn default() -> Self {
        Profile { name: "John Doe".into(), age: 30, score: 95.5, status: Status::Active, verified: true }
    }
}

/// Where an account stands.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, JsonSchema, Form)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    Active,
    Inactive,
    Pending,
}

/// Options without titles.
#[derive(Debug, Serialize, Deserialize, JsonSchema, Form)]
#[serde(rename_all = "lowercase")]
pub enum Plain {
    Option1,
    Option2,
    Option3,
}

/// Options with titles.
#[derive(Debug, Serialize, Deserialize, JsonSchema, Form)]
#[serde(rename_all = "lowercase")]
pub enum Titled {
    #[schemars(title = "First Option")]
    Value1,
    #[schemars(title = "Second Option")]
    Value2,
    #[schemars(title = "Third Option")]
    Value3,
}

/// Options named the old way, with `enumNames`.
#[derive(Debug, Serialize, Deserialize, JsonSchema, Form)]
#[serde(rename_all = "lowercase")]
pub enum Legacy {
    Opt1,
    Opt2,
    Opt3,
}

/// Every kind of choice a form has.
#[derive(Debug, Serialize, Deserialize, JsonSchema, Form)]
#[serde(rename_all = "camelCase")]
pub struct Choices {
    /// Select one option
    untitled_single: Option<Plain>,
    /// Select one option with titles
    titled_single: Option<Titled>,
    /// Select one option (legacy)
    #[schemars(extend("enumNames" = ["Option One", "Option Two", "Option Three"]))]
    legacy_enum: Option<Legacy>,
    /// Select multiple options
    #[schemars(length(min = 1))]
    untitled_multi: Option<Vec<Plain>>,
    /// Select multiple options with titles
    #[schemars(length(min = 1))]
    titled_multi: Option<Vec<Titled>>,
}

/// A name.
#[derive(Debug, Deserialize, JsonSchema, Form)]
pub struct Name {
    /// The name.
    name: String,
}

/// A yes or no.
#[derive(Debug, Deserialize, JsonSchema, Form)]
pub struct Confirm {
    /// Whether to go on.
    ok: bool,
}

/// A value.
#[derive(Debug, Deserialize, JsonSchema, Form)]
pub struct Value {
    /// The value.
    value: String,
}

/// Whether to delete a file.
#[derive(Debug, Deserialize, JsonSchema, Form)]
pub struct ConfirmDelete {
    /// Delete it.
    confirm: bool,
}

/// Someone's name and whether they agree.
#[derive(Debug, Deserialize, JsonSchema, Form)]
pub struct NameAndConfirm {
    /// The name.
    #[serde(default)]
    name: Option<String>,
    /// Whether they agree.
    #[serde(default)]
    confirm: Option<bool>,
}

/// What an elicitation came to, in words.
fn elicited<T: std::fmt::Debug>(answer: &Elicited<T>) -> String {
    match answer {
        Elicited::Accepted(value) => format!("action=accept, content={value:?}"),
        Elicited::Declined => "action=decline".to_owned(),
        Elicited::Cancelled => "action=cancel".to_owned(),
    }
}

#[toolbox]
impl Conformance {
    /// Answers with one text block.
    #[tool]
    fn test_simple_text(&self) -> String {
        "This is a simple text response for testing.".to_owned()
    }

    /// Answers with an image: a 1×1 PNG.
    #[tool]
    fn test_image_content(&self) -> Image {
        Image::png(png())
    }

    /// Answers with audio: one silent WAV sample.
    #[tool]
    fn test_audio_content(&self) -> Audio {
        Audio::new("audio/wav", STANDARD.decode(WAV).expect("the WAV is base64"))
    }

    /// Answers with a text resource embedded whole.
    #[tool]
    fn test_embedded_resource(&self) -> Resource {
        Resource::text("test://embedded-resource", "This is an embedded resource content.").with_mime_type("text/plain")
    }

    /// Answers with text, an image and a resource, in that order.
    #[tool]
    fn test_multiple_content_types(&self) -> Vec<ContentPart> {
        vec![
            ContentPart::Text("Multiple content types test:".to_owned()),
            ContentPart::Image(Image::png(png())),
            ContentPart::Resource(
                Resource::text("test://mixed-content-resource", r#"{"test":"data","value":123}"#)
                    .with_mime_type("application/json"),
            ),
        ]
    }

    /// Fails, always, so that the client sees a tool's error.
    #[tool]
    fn test_error_handling(&self) -> Result<String, String> {
        Err("This tool intentionally returns an error for testing".to_owned())
    }

    /// Logs three messages, 50 ms apart, then answers.
    #[tool]
    async fn test_tool_with_logging(&self, context: &CallContext) -> String {
        for message in ["Tool execution started", "Tool processing data", "Tool execution completed"] {
            context.log(Level::Info, message);
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        "Logging completed".to_owned()
    }

    /// Asks the client's model, and answers with its reply.
    ///
    /// # Arguments
    /// * `prompt` - The prompt to send to the model.
    #[tool]
    async fn test_sampling(&self, context: &CallContext, prompt: String) -> Result<String, AskError> {
        let reply = context.sample(Sampling::new(100).user(prompt)).await?;
        Ok(format!("LLM response: {}", reply.text()))
    }

    /// Asks the user who they are.
    ///
    /// # Arguments
    /// * `message` - The message to show the user.
    #[tool]
    async fn test_elicitation(&self, context: &CallContext, message: String) -> Result<String, AskError> {
        let answer = context.elicit::<UserInfo>(&message).await?;
        Ok(format!("User response: {}", elicited(&answer)))
    }

    /// Asks the user to review a form whose every field has a default.
    #[tool]
    async fn test_elicitation_sep1034_defaults(&self, context: &CallContext) -> Result<String, AskError> {
        let answer = context.elicit::<Profile>("Please review and update the form fields with defaults").await?;
        Ok(format!("Elicitation completed: {}", elicited(&answer)))
    }

    /// Asks the user to choose, in every kind of choice a form has.
    #[tool]
    async fn test_elicitation_sep1330_enums(&self, context: &CallContext) -> Result<String, AskError> {
        let answer = context.elicit::<Choices>("Please select options from the enum fields").await?;
        Ok(format!("Elicitation completed: {}", elicited(&answer)))
    }

    /// Asks the user's name, under the key `user_name`.
    #[tool]
    async fn test_input_required_result_elicitation(&self, context: &CallContext) -> Result<String, AskError> {
        match context.elicit::<Name>("What is your name?").key("user_name").await? {
            Elicited::Accepted(Name { name }) => Ok(format!("Hello, {name}!")),
            other => Ok(format!("No name: {}", elicited(&other))),
        }
    }

    /// Asks the client's model a question.
    #[tool]
    async fn test_input_required_result_sampling(&self, context: &CallContext) -> Result<String, AskError> {
        let reply = context.sample(Sampling::new(100).user("What is the capital of France?")).await?;
        Ok(format!("Sampling result: {}", reply.text()))
    }

    /// Asks the client for its roots.
    #[tool]
    async fn test_input_required_result_list_roots(&self, context: &CallContext) -> Result<String, AskError> {
        let roots = context.roots().await?;
        Ok(format!("Found {} root(s)", roots.len()))
    }

    /// Asks the user to confirm.
    #[tool]
    async fn test_input_required_result_request_state(&self, context: &CallContext) -> Result<String, AskError> {
        let answer = context.elicit::<Confirm>("Please confirm").key("confirm").await?;
        Ok(match answer {
            Elicited::Accepted(Confirm { ok: true }) => "state-ok: confirmed".to_owned(),
            other => format!("not confirmed: {}", elicited(&other)),
        })
    }

    /// Asks the user, the model and the client's roots at once.
    #[tool]
    async fn test_input_required_result_multiple_inputs(&self, context: &CallContext) -> Result<String, AskError> {
        let (name, reply, roots) = tokio::join!(
            context.elicit::<Name>("What is your name?"),
            context.sample(Sampling::new(50).user("Say hello.")),
            context.roots(),
        );
        Ok(format!("{} / {} / {} root(s)", elicited(&name?), reply?.text(), roots?.len()))
    }

    /// Asks twice, one question after the other.
    #[tool]
    async fn test_input_required_result_multi_round(&self, context: &CallContext) -> Result<String, AskError> {
        let first = context.elicit::<Name>("What is your name?").await?;
        let second = context.elicit::<Confirm>("Are you sure?").await?;
        Ok(format!("round 1: {}; round 2: {}", elicited(&first), elicited(&second)))
    }

    /// Asks the user, so that its `requestState` can be tampered with.
    #[tool]
    async fn test_input_required_result_tampered_state(&self, context: &CallContext) -> Result<String, AskError> {
        let answer = context.elicit::<Confirm>("Please confirm").await?;
        Ok(format!("Confirmed: {}", elicited(&answer)))
    }

    /// Asks only what the client said it can answer.
    #[tool]
    async fn test_input_required_result_capabilities(&self, context: &CallContext) -> Result<String, AskError> {
        let mut answers = Vec::new();
        if context.can_ask(QuestionKind::Elicitation) {
            answers.push(match context.elicit::<Value>("Elicitation input").await? {
                Elicited::Accepted(Value { value }) => value,
                other => elicited(&other),
            });
        }
        if context.can_ask(QuestionKind::Sampling) {
            answers.push(context.sample(Sampling::new(50).user("Sample request")).await?.text());
        }
        Ok(if answers.is_empty() { "No supported capabilities declared".to_owned() } else { answers.join(", ") })
    }

    /// Needs the client's model: a client that cannot sample is told so.
    #[tool]
    async fn test_missing_capability(&self, context: &CallContext) -> Result<String, AskError> {
        let reply = context.sample(Sampling::new(20).user("Say yes.")).await?;
        Ok(format!("Success: {}", reply.text()))
    }

    /// Reports progress, then answers, on the call's own stream.
    #[tool]
    async fn test_streaming_elicitation(&self, context: &CallContext) -> String {
        context.report(50.0, Some(100.0), "halfway");
        "Streaming complete".to_owned()
    }

    /// Logs one message: a client that asked for no level gets none.
    #[tool]
    fn test_logging_tool(&self, context: &CallContext) -> String {
        context.log(Level::Info, "Diagnostic trace logging activated");
        "Logging evaluated".to_owned()
    }

    /// Greets someone in a region; the region travels as the header `Mcp-Param-Region` too, so a
    /// gateway can route the call.
    ///
    /// # Arguments
    /// * `region` - Where the greeting goes.
    /// * `name` - Whom to greet.
    #[tool]
    fn test_custom_header(&self, #[arg(header = "Region")] region: String, name: String) -> String {
        format!("Hello, {name}, in {region}!")
    }

    /// Greets someone, at once.
    ///
    /// # Arguments
    /// * `name` - Whom to greet.
    #[tool]
    fn greet(&self, name: String) -> String {
        format!("Hello, {name}!")
    }

    /// Computes for a while, then answers: a task when the client follows tasks.
    ///
    /// # Arguments
    /// * `seconds` - How long the computation takes (at most an hour).
    /// * `label` - What to call the result.
    #[tool(long_running)]
    async fn slow_compute(&self, seconds: f64, label: Option<String>) -> String {
        tokio::time::sleep(Duration::from_secs_f64(seconds.clamp(0.0, 3600.0))).await;
        format!("{}: computed in {seconds} s", label.as_deref().unwrap_or("result"))
    }

    /// Runs a job that fails after a second: only ever a task.
    #[tool(long_running = "required")]
    async fn failing_job(&self) -> Result<String, String> {
        tokio::time::sleep(Duration::from_secs(1)).await;
        Err("the job failed: its input was not there".to_owned())
    }

    /// Runs a job that breaks down (panics) after a moment: the task fails.
    #[tool(long_running)]
    async fn protocol_error_job(&self) -> String {
        tokio::time::sleep(Duration::from_millis(200)).await;
        panic!("the job broke down")
    }

    /// Finds a file, then deletes it once the user confirms.
    ///
    /// # Arguments
    /// * `filename` - The file to delete.
    #[tool(long_running)]
    async fn confirm_delete(&self, context: &CallContext, filename: String) -> Result<String, AskError> {
        tokio::time::sleep(Duration::from_millis(20)).await;
        Ok(match context.elicit::<ConfirmDelete>(&format!("Delete {filename}?")).await? {
            Elicited::Accepted(ConfirmDelete { confirm: true }) => format!("deleted {filename}"),
            other => format!("kept {filename}: {}", elicited(&other)),
        })
    }

    /// Asks two questions at once, after a moment's work.
    #[tool(long_running)]
    async fn multi_input(&self, context: &CallContext) -> Result<String, AskError> {
        tokio::time::sleep(Duration::from_millis(20)).await;
        let (first, second) = tokio::join!(
            context.elicit::<NameAndConfirm>("First question").key("first"),
            context.elicit::<NameAndConfirm>("Second question").key("second"),
        );
        let said = |answer: Elicited<NameAndConfirm>| match answer {
            Elicited::Accepted(NameAndConfirm { name, confirm }) => format!("name {name:?}, confirm {confirm:?}"),
            other => elicited(&other),
        };
        Ok(format!("{} / {}", said(first?), said(second?)))
    }

    /// Asks the user's name, then works on it as a task.
    #[tool(long_running = "required")]
    async fn test_tool_with_task(&self, context: &CallContext) -> Result<String, AskError> {
        let Elicited::Accepted(Name { name }) = context.elicit::<Name>("What is your name?").key("user_name").await?
        else {
            return Ok("No name given".to_owned());
        };
        tokio::time::sleep(Duration::from_millis(50)).await;
        Ok(format!("Hello, {name}! Your task is done."))
    }

    /// Reports its progress three times, 50 ms apart, then answers.
    #[tool]
    async fn test_tool_with_progress(&self, context: &CallContext) -> String {
        for step in [0.0, 50.0, 100.0] {
            context.report(step, Some(100.0), format!("step {step}"));
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        "Progress completed".to_owned()
    }
}
