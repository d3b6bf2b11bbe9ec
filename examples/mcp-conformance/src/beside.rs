//! The suite's resources, prompts and completions, and the skills in `skills/` (SEP-2640): not
//! tools, so written on rmcp's own `ServerHandler` (the skills served by rmcp's `SkillCatalog`) and
//! handed to toolc's server, which answers them beside its tools.

use std::sync::Arc;

use rmcp::handler::server::skill_catalog::SkillCatalog;
use rmcp::model::{
    CompleteRequestParams, CompleteResult, GetPromptRequestParams, GetPromptResponse, GetPromptResult,
    InputRequiredResult, ListPromptsResult, ListResourceTemplatesResult, ListResourcesResult, PaginatedRequestParams,
    ReadResourceRequestParams, ReadResourceResponse, ReadResourceResult, ServerCapabilities, ServerConfig,
    SubscribeRequestParams, UnsubscribeRequestParams,
};
use rmcp::model::{
    GetSkillRequestParams, GetSkillResult, ListSkillsResult, ReadResourceDirectoryRequestParams,
    ReadResourceDirectoryResult,
};
use rmcp::service::{RequestContext, RoleServer};
use rmcp::{ErrorData, ServerHandler};
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

use crate::tools::png;

/// The resources, prompts, completions and skills.
#[derive(Clone)]
pub struct ResourcesAndPrompts {
    skills: Arc<SkillCatalog>,
}

impl ResourcesAndPrompts {
    /// With the skills in the folder `skills` (each folder below it with a `SKILL.md` is one).
    pub fn new(skills: &std::path::Path) -> std::io::Result<Self> {
        let catalog = SkillCatalog::from_dir(skills)
            .map_err(|err| std::io::Error::other(format!("the skills in {}: {err}", skills.display())))?;
        Ok(ResourcesAndPrompts { skills: Arc::new(catalog) })
    }
}

/// An rmcp result from its JSON, as the specification writes it.
fn result<T: DeserializeOwned>(value: Value) -> Result<T, ErrorData> {
    serde_json::from_value(value).map_err(|err| ErrorData::internal_error(err.to_string(), None))
}

fn base64(data: &[u8]) -> String {
    use base64::Engine as _;
    base64::engine::general_purpose::STANDARD.encode(data)
}

impl ServerHandler for ResourcesAndPrompts {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(
            ServerCapabilities::builder()
                .enable_resources()
                .enable_resources_subscribe()
                .enable_prompts()
                .enable_completions()
                .enable_skills_with_directory_read()
                .build(),
        )
    }

    async fn list_resources(
        &self,
        _: Option<PaginatedRequestParams>,
        _: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, ErrorData> {
        let mut listed: ListResourcesResult = result(json!({"resources": [
            {"uri": "test://static-text", "name": "static-text", "description": "A static text resource", "mimeType": "text/plain"},
            {"uri": "test://static-binary", "name": "static-binary", "description": "A static binary resource: a PNG", "mimeType": "image/png"},
            {"uri": "test://watched-resource", "name": "watched-resource", "description": "A resource a client may subscribe to", "mimeType": "text/plain"}
        ]}))?;
        // Each skill's SKILL.md, as the catalog lists it (named and described by its frontmatter).
        listed.resources.extend(self.skills.resources());
        Ok(listed)
    }

    async fn list_resource_templates(
        &self,
        _: Option<PaginatedRequestParams>,
        _: RequestContext<RoleServer>,
    ) -> Result<ListResourceTemplatesResult, ErrorData> {
        result(json!({"resourceTemplates": [
            {"uriTemplate": "test://template/{id}/data", "name": "template", "description": "The data of one id", "mimeType": "application/json"}
        ]}))
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        _: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        let uri = request.uri.as_str();
        if let Some(read) = self.skills.read_resource(uri) {
            return Ok(read.into());
        }
        let contents = match uri {
            "test://static-text" => {
                json!({"uri": uri, "mimeType": "text/plain", "text": "This is the content of the static text resource."})
            }
            "test://static-binary" => json!({"uri": uri, "mimeType": "image/png", "blob": base64(&png())}),
            "test://watched-resource" => json!({"uri": uri, "mimeType": "text/plain", "text": "Watched."}),
            _ => match uri.strip_prefix("test://template/").and_then(|rest| rest.strip_suffix("/data")) {
                Some(id) if !id.is_empty() && !id.contains('/') => json!({
                    "uri": uri,
                    "mimeType": "application/json",
                    "text": json!({"id": id, "templateTest": true, "data": format!("Data for ID: {id}")}).to_string()
                }),
                _ => {
                    return Err(ErrorData::invalid_params(
                        format!("no resource at `{uri}`"),
                        Some(json!({"uri": uri})),
                    ));
                }
            },
        };
        let read: ReadResourceResult = result(json!({"contents": [contents]}))?;
        Ok(read.into())
    }

    async fn subscribe(&self, _: SubscribeRequestParams, _: RequestContext<RoleServer>) -> Result<(), ErrorData> {
        Ok(())
    }

    async fn unsubscribe(&self, _: UnsubscribeRequestParams, _: RequestContext<RoleServer>) -> Result<(), ErrorData> {
        Ok(())
    }

    async fn list_prompts(
        &self,
        _: Option<PaginatedRequestParams>,
        _: RequestContext<RoleServer>,
    ) -> Result<ListPromptsResult, ErrorData> {
        result(json!({"prompts": [
            {"name": "test_simple_prompt", "description": "A prompt without arguments"},
            {"name": "test_prompt_with_arguments", "description": "A prompt with two arguments", "arguments": [
                {"name": "arg1", "description": "The first argument", "required": true},
                {"name": "arg2", "description": "The second argument", "required": true}
            ]},
            {"name": "test_prompt_with_embedded_resource", "description": "A prompt that embeds a resource", "arguments": [
                {"name": "resourceUri", "description": "The resource to embed", "required": true}
            ]},
            {"name": "test_prompt_with_image", "description": "A prompt with an image"},
            {"name": "test_input_required_result_prompt", "description": "A prompt that asks the user for its topic first"}
        ]}))
    }

    async fn get_prompt(
        &self,
        request: GetPromptRequestParams,
        _: RequestContext<RoleServer>,
    ) -> Result<GetPromptResponse, ErrorData> {
        let argument = |name: &str| {
            request.arguments.as_ref().and_then(|arguments| arguments.get(name)).cloned().ok_or_else(|| {
                ErrorData::invalid_params(format!("the prompt `{}` needs the argument `{name}`", request.name), None)
            })
        };
        let messages = match request.name.as_str() {
            "test_simple_prompt" => json!([
                {"role": "user", "content": {"type": "text", "text": "This is a simple prompt for testing."}}
            ]),
            "test_prompt_with_arguments" => {
                let (first, second) = (argument("arg1")?, argument("arg2")?);
                json!([{"role": "user", "content": {"type": "text",
                    "text": format!("Prompt with arguments: arg1='{first}', arg2='{second}'")}}])
            }
            "test_prompt_with_embedded_resource" => {
                let uri = argument("resourceUri")?;
                json!([
                    {"role": "user", "content": {"type": "resource",
                        "resource": {"uri": uri, "mimeType": "text/plain", "text": "Embedded resource content for testing."}}},
                    {"role": "user", "content": {"type": "text", "text": "Please process the embedded resource above."}}
                ])
            }
            // A prompt that asks the user first: on 2026-07-28 it answers `input_required`, and is
            // asked again with the answer.
            "test_input_required_result_prompt" => {
                let answered = request.input_responses.as_ref().and_then(|responses| responses.get("topic"));
                let Some(answer) = answered else {
                    let question = json!({"topic": {"method": "elicitation/create", "params": {
                        "message": "Which topic?",
                        "requestedSchema": {"type": "object", "properties": {"topic": {"type": "string"}}, "required": ["topic"]}
                    }}});
                    return Ok(InputRequiredResult::from_input_requests(result(question)?).into());
                };
                let topic = answer.pointer("/content/topic").and_then(Value::as_str).unwrap_or("anything");
                json!([{"role": "user", "content": {"type": "text", "text": format!("Tell me about {topic}.")}}])
            }
            "test_prompt_with_image" => json!([
                {"role": "user", "content": {"type": "image", "data": base64(&png()), "mimeType": "image/png"}},
                {"role": "user", "content": {"type": "text", "text": "Please analyze the image above."}}
            ]),
            other => return Err(ErrorData::invalid_params(format!("no prompt `{other}`"), None)),
        };
        let prompt: GetPromptResult = result(json!({"messages": messages}))?;
        Ok(prompt.into())
    }

    async fn complete(
        &self,
        _: CompleteRequestParams,
        _: RequestContext<RoleServer>,
    ) -> Result<CompleteResult, ErrorData> {
        result(json!({"completion": {"values": [], "total": 0, "hasMore": false}}))
    }

    async fn list_skills(
        &self,
        _: Option<PaginatedRequestParams>,
        _: RequestContext<RoleServer>,
    ) -> Result<ListSkillsResult, ErrorData> {
        Ok(self.skills.list_skills())
    }

    async fn get_skill(
        &self,
        request: GetSkillRequestParams,
        _: RequestContext<RoleServer>,
    ) -> Result<GetSkillResult, ErrorData> {
        self.skills.get_skill(&request.uri)
    }

    async fn read_resource_directory(
        &self,
        request: ReadResourceDirectoryRequestParams,
        _: RequestContext<RoleServer>,
    ) -> Result<ReadResourceDirectoryResult, ErrorData> {
        self.skills.read_resource_directory(&request.uri)
    }
}
