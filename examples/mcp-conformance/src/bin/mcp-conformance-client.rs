//! The client the official MCP conformance suites drive (`conformance client`), written as a program
//! on `McpToolbox` alone would be: it connects to the URL the suite gives as its last argument, does
//! what the scenario named in `MCP_CONFORMANCE_SCENARIO` asks, and exits 0 when every call was
//! answered. The suite checks what went over the wire.
//!
//! The client is the default one, not pinned to the version the suite names in
//! `MCP_CONFORMANCE_PROTOCOL_VERSION`: it asks `server/discover` first and speaks 2026-07-28 where
//! the server does, and 2025-11-25 (`initialize`) wherever the server answers otherwise, as the
//! suite's mocks of before do (an empty result to any method they do not know).

use std::process::ExitCode;

use serde_json::{Value, json};
use toolc::Toolbox;
use toolc_mcp::jsonwebtoken::{Algorithm, EncodingKey};
use toolc_mcp::rmcp::model::{ElicitResult, ElicitationAction, SkillResources};
use toolc_mcp::{IdentityProvider, McpOptions, McpToolbox, SignIn};

#[tokio::main]
async fn main() -> ExitCode {
    let Some(url) = std::env::args().nth(1) else {
        eprintln!("usage: mcp-conformance-client <server URL> (with MCP_CONFORMANCE_SCENARIO set)");
        return ExitCode::from(2);
    };
    let scenario = std::env::var("MCP_CONFORMANCE_SCENARIO").unwrap_or_default();
    match run(&scenario, &url).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(why) => {
            eprintln!("scenario `{scenario}`: {why}");
            ExitCode::FAILURE
        }
    }
}

/// Where the suite's authorization servers send the browser back to (never reached: the browser
/// step reads the redirect).
const REDIRECT_URI: &str = "http://localhost:3000/callback";

/// The Client ID Metadata Document this client would publish, which the suite's authorization
/// servers that take such documents expect as its `client_id` (they do not fetch it).
const CLIENT_METADATA_URL: &str = "https://conformance-test.local/client-metadata.json";

/// The options of a program that has a user at hand who accepts every form as it comes (the form's
/// defaults fill it in), and signs in where a server asks.
fn options(scenario: &str, context: &Value) -> Result<McpOptions, String> {
    let registered = (context["client_id"].as_str(), context["client_secret"].as_str());
    let key = context["private_key_pem"].as_str();
    let sign_in = match registered {
        // A workload signs in with the JWT its platform issued it.
        (Some(id), _) if context["valid_jwt"].is_string() => {
            let jwt = context["valid_jwt"].as_str().unwrap_or_default().to_owned();
            SignIn::workload_identity(id, move || std::future::ready(Ok(jwt.clone())))
        }
        // A user of the company signs in through its identity provider, whose ID token they hold.
        (Some(id), secret) if context["idp_id_token"].is_string() => {
            let (endpoint, idp_client) = (context["idp_token_endpoint"].as_str(), context["idp_client_id"].as_str());
            let id_token = context["idp_id_token"].as_str().unwrap_or_default().to_owned();
            let idp = IdentityProvider::new(endpoint.unwrap_or_default(), idp_client.unwrap_or_default(), move || {
                std::future::ready(Ok(id_token.clone()))
            });
            SignIn::enterprise_managed(id, secret.map(str::to_owned), idp)
        }
        // A machine signs in as itself, with the key it was registered with.
        (Some(id), _) if key.is_some() => {
            let (key, algorithm) = client_key(context)?;
            SignIn::client_key(id, key, algorithm)
        }
        // A machine signs in as itself, with the credentials it was registered with.
        (Some(id), Some(secret)) if scenario.starts_with("auth/client-credentials") => {
            SignIn::client_credentials(id, secret)
        }
        (Some(id), Some(secret)) => browser_sign_in().registered(id, Some(secret.to_owned())),
        _ => browser_sign_in(),
    };
    Ok(McpOptions::default()
        .client_info("toolc-conformance-client", env!("CARGO_PKG_VERSION"))
        .on_elicitation(|_form| async { Ok(ElicitResult::new(ElicitationAction::Accept)) })
        // Tokens are bound to the toolbox's key wherever the authorization server binds them (DPoP);
        // where it does not, they are bearer tokens, as every other scenario's are.
        .sign_in(sign_in.dpop()))
}

/// The key and algorithm the suite registered this client with.
fn client_key(context: &Value) -> Result<(EncodingKey, Algorithm), String> {
    let pem = context["private_key_pem"].as_str().unwrap_or_default();
    let key = EncodingKey::from_ec_pem(pem.as_bytes())
        .or_else(|_| EncodingKey::from_rsa_pem(pem.as_bytes()))
        .map_err(|err| format!("the suite's private key cannot be read: {err}"))?;
    let named = context["signing_algorithm"].as_str().unwrap_or("ES256");
    let algorithm = named.parse().map_err(|err| format!("the suite's signing algorithm `{named}`: {err}"))?;
    Ok((key, algorithm))
}

/// A person's sign-in, in a browser.
fn browser_sign_in() -> SignIn {
    SignIn::new(REDIRECT_URI, browser).client_name("toolc-conformance-client").client_metadata_url(CLIENT_METADATA_URL)
}

/// The user's browser, for a user who signs in at once: the authorization URL is opened and the
/// redirect it answers with is where the browser would be sent back to (the suite's authorization
/// servers skip the sign-in page).
async fn browser(authorize_url: String) -> Result<String, String> {
    let http = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .map_err(|err| err.to_string())?;
    let answer =
        http.get(&authorize_url).send().await.map_err(|err| format!("cannot open the authorization URL: {err}"))?;
    let location = answer.headers().get(reqwest::header::LOCATION).and_then(|value| value.to_str().ok());
    location.map(str::to_owned).ok_or_else(|| {
        format!("the authorization server answered {} without sending the browser back", answer.status())
    })
}

async fn run(scenario: &str, url: &str) -> Result<(), String> {
    let context: Value = std::env::var("MCP_CONFORMANCE_CONTEXT")
        .ok()
        .and_then(|context| serde_json::from_str(&context).ok())
        .unwrap_or(Value::Null);
    let toolbox =
        McpToolbox::connect_http_with(url, options(scenario, &context)?).await.map_err(|err| err.to_string())?;
    let call = |tool: &'static str, arguments: Value| {
        let toolbox = &toolbox;
        async move { toolbox.call(tool, &arguments.to_string()).await.map_err(|err| format!("`{tool}`: {err}")) }
    };
    match scenario {
        // Connecting (and listing the tools) is the scenario.
        "initialize" | "request-metadata" | "json-schema-ref-no-deref" => {}
        "tools_call" => {
            call("add_numbers", json!({"a": 2, "b": 3})).await?;
        }
        "elicitation-sep1034-client-defaults" => {
            call("test_client_elicitation_defaults", json!({})).await?;
        }
        "sse-retry" => {
            call("test_reconnection", json!({})).await?;
        }
        "sep-2322-client-request-state" => {
            let (asking, unrelated) =
                tokio::join!(call("test_mrtr_echo_state", json!({})), call("test_mrtr_unrelated", json!({})));
            asking?;
            unrelated?;
            call("test_mrtr_no_state", json!({})).await?;
            call("test_mrtr_no_result_type", json!({})).await?;
        }
        "http-standard-headers" => {
            call("test_headers", json!({})).await?;
        }
        "http-custom-headers" => {
            // The calls the suite asks for, with exactly its arguments.
            if context.is_null() {
                return Err("the suite gave no MCP_CONFORMANCE_CONTEXT".to_owned());
            }
            for asked in context["toolCalls"].as_array().into_iter().flatten() {
                let tool = asked["name"].as_str().ok_or("a tool call without a name")?;
                toolbox.call(tool, &asked["arguments"].to_string()).await.map_err(|err| format!("`{tool}`: {err}"))?;
            }
        }
        "http-invalid-tool-headers" => {
            // Every tool the client kept; those whose header annotations are malformed are left out.
            for def in toolbox.tools() {
                toolbox
                    .call(&def.name, &json!({"region": "us-west1"}).to_string())
                    .await
                    .map_err(|err| format!("`{}`: {err}", def.name))?;
            }
        }
        "json-schema-2020-12-preservation" => {
            // The tool's schema, as this client holds it, echoed back.
            let schema = listed_schema(&toolbox, "json_schema_2020_12_tool")?;
            call("json_schema_echo", json!({"schema": schema})).await?;
        }
        // A host lists the skills, and reads no file of one before it is loaded.
        "sep-2640-client-no-prefetch" => {
            toolbox.skills().await.map_err(|err| err.to_string())?;
        }
        // A host loads a skill (its SKILL.md, checked against the entry) and then reads the files
        // it needs (each checked): a file that is not what the entry describes stops it.
        verify if verify.starts_with("sep-2640-client-verify-") => {
            for skill in toolbox.skills().await.map_err(|err| err.to_string())? {
                toolbox.load_skill(&skill).await.map_err(|err| err.to_string())?;
                if let SkillResources::Files(files) = &skill.resources {
                    for file in files.iter().filter(|file| file.uri != skill.uri) {
                        toolbox.read_skill_file(&skill, &file.uri).await.map_err(|err| err.to_string())?;
                    }
                }
            }
        }
        // Signed in (as the server asked) to list the tools; then each is called, as a program
        // would, which some servers refuse until the client asks for more scope.
        auth if auth.starts_with("auth/") => {
            for def in toolbox.tools() {
                toolbox.call(&def.name, "{}").await.map_err(|err| format!("`{}`: {err}", def.name))?;
            }
        }
        other => return Err(format!("this client does not know the scenario `{other}`")),
    }
    Ok(())
}

/// The input schema of `tool` as the server listed it.
fn listed_schema(toolbox: &McpToolbox, tool: &str) -> Result<Value, String> {
    let found = toolbox.listed().iter().find(|listed| listed["name"] == tool);
    let schema = found.map(|listed| listed["inputSchema"].clone());
    schema.ok_or_else(|| {
        format!("the server lists no `{tool}`: {:?}", toolbox.tools().iter().map(|def| &def.name).collect::<Vec<_>>())
    })
}
