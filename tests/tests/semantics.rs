//! Principle 4 — semantics survive lowering — as a property test, over every target:
//! 1. what the Rust types serialize validates against every lowered input schema (the `jsonschema`
//!    crate), once strict mode's "every field present" is applied (absent fields sent as `null`);
//! 2. what a lowered schema accepts deserializes back to the same value — explicit `null` for
//!    optional and defaulted fields included.

use proptest::prelude::*;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};
use toolc::{ConfigTool, RenderOptions, Target, Tool};
use toolc_tests::nodes::BrowserAction;
use toolc_tests::probe::{Limits, Priority, ScheduleJob, Step};

use crate::support::wire::{openapi_nullable_to_json_schema, pad_nulls};

/// Every target's lowered input schema, as JSON Schema (Gemini's OpenAPI `nullable` written back
/// as a type list so one validator reads them all).
fn lowered_schemas(def: &toolc::ToolDef) -> Vec<(String, Value)> {
    let variants = [
        ("openai", Target::OpenAi, RenderOptions::default(), "/function/parameters"),
        ("openai-responses", Target::OpenAiResponses, RenderOptions::default(), "/parameters"),
        ("anthropic", Target::Anthropic, RenderOptions::default(), "/input_schema"),
        ("anthropic-strict", Target::Anthropic, RenderOptions::default().anthropic_strict(true), "/input_schema"),
        ("gemini", Target::Gemini, RenderOptions::default(), "/parameters"),
        (
            "gemini-json-schema",
            Target::Gemini,
            RenderOptions::default().gemini_json_schema(true),
            "/parametersJsonSchema",
        ),
        ("bedrock", Target::Bedrock, RenderOptions::default(), "/toolSpec/inputSchema/json"),
        (
            "bedrock-strict",
            Target::Bedrock,
            RenderOptions::default().bedrock_strict(true),
            "/toolSpec/inputSchema/json",
        ),
        ("mcp", Target::Mcp, RenderOptions::default(), "/inputSchema"),
        ("json-schema", Target::JsonSchema, RenderOptions::default(), "/input_schema"),
    ];
    variants
        .into_iter()
        .map(|(name, target, options, pointer)| {
            let rendered = def.render_with(target, &options).unwrap_or_else(|err| panic!("{err}")).value;
            let mut schema = rendered.pointer(pointer).unwrap().clone();
            if target == Target::Gemini && !options.gemini_json_schema {
                openapi_nullable_to_json_schema(&mut schema);
            }
            (name.to_owned(), schema)
        })
        .collect()
}

/// The value as a model may send it for a field equal to its default: `null` where the lowered
/// schema takes `null` there (strict mode), otherwise left out.
fn defaults_omitted(value: &Value, original: &Value, lowered: &Value) -> Value {
    let mut sent = value.clone();
    let (Some(fields), Some(properties)) =
        (sent.as_object_mut(), original.get("properties").and_then(Value::as_object))
    else {
        return sent;
    };
    for (name, property) in properties {
        if property.get("default").is_some_and(|default| fields.get(name) == Some(default)) {
            let lowered_property = &lowered["properties"][name];
            let takes_null = lowered_property["type"].as_array().is_some_and(|types| types.contains(&json!("null")))
                || lowered_property["anyOf"]
                    .as_array()
                    .is_some_and(|branches| branches.contains(&json!({"type": "null"})));
            if takes_null {
                fields.insert(name.clone(), Value::Null);
            } else {
                fields.remove(name);
            }
        }
    }
    sent
}

fn check<T: Tool + ConfigTool + Serialize + DeserializeOwned + PartialEq + std::fmt::Debug>(
    value: &T,
    schemas: &[(String, Value)],
    validators: &[jsonschema::Validator],
) -> Result<(), TestCaseError> {
    let serialized = serde_json::to_value(value).unwrap();
    for ((name, schema), validator) in schemas.iter().zip(validators) {
        let mut sent = serialized.clone();
        pad_nulls(&mut sent, schema);
        let mut minimal = defaults_omitted(&serialized, &T::definition().input_schema, schema);
        pad_nulls(&mut minimal, schema);
        for sent in [sent, minimal] {
            let errors: Vec<String> =
                validator.iter_errors(&sent).map(|err| format!("{}: {err}", err.instance_path())).collect();
            prop_assert!(errors.is_empty(), "{name}: {sent} does not validate: {errors:?}");
            let parsed = T::parse(&sent.to_string());
            prop_assert_eq!(parsed.as_ref().ok(), Some(value), "{}: {} parses as {:?}", name, sent, parsed);
        }
    }
    Ok(())
}

fn validators(schemas: &[(String, Value)]) -> Vec<jsonschema::Validator> {
    schemas
        .iter()
        .map(|(name, schema)| jsonschema::validator_for(schema).unwrap_or_else(|err| panic!("{name}: {err}")))
        .collect()
}

fn priority() -> impl Strategy<Value = Priority> {
    prop_oneof![Just(Priority::Low), Just(Priority::Normal), Just(Priority::High)]
}

prop_compose! {
    fn schedule_job()(
        name in ".{0,12}",
        count in proptest::option::of(any::<u32>()),
        enabled in any::<bool>(),
        priority in priority(),
        tags in proptest::collection::vec("[a-z]{0,6}", 0..3),
        limits in proptest::option::of((any::<u64>(), proptest::option::of(any::<i32>()))),
        steps in proptest::collection::vec((".{0,8}", proptest::option::of(-1.0e6..1.0e6f64)), 0..3),
        ratio in prop_oneof![Just(0.5), 0.0..1.0f64],
        deadline in proptest::option::of(priority()),
    ) -> ScheduleJob {
        ScheduleJob {
            name,
            count,
            enabled,
            priority,
            tags,
            limits: limits.map(|(max_bytes, min_retries)| Limits { max_bytes, min_retries }),
            steps: steps.into_iter().map(|(label, weight)| Step { label, weight }).collect(),
            ratio,
            deadline,
        }
    }
}

fn browser_action() -> impl Strategy<Value = BrowserAction> {
    prop_oneof![
        ".{0,10}".prop_map(|url| BrowserAction::Navigate { url }),
        ".{0,10}".prop_map(|selector| BrowserAction::Click { selector }),
        Just(BrowserAction::OpenNewTab),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, rng_seed: proptest::test_runner::RngSeed::Fixed(toolc_tests::PROPTEST_SEED), ..ProptestConfig::default() })]

    #[test]
    fn config_struct_values_survive_every_lowering(job in schedule_job()) {
        let schemas = lowered_schemas(ScheduleJob::definition());
        check(&job, &schemas, &validators(&schemas))?;
    }

    #[test]
    fn tagged_enum_values_survive_every_lowering(action in browser_action()) {
        let schemas = lowered_schemas(BrowserAction::definition());
        check(&action, &schemas, &validators(&schemas))?;
    }
}

/// Explicit `null` for a defaulted field is the default, under every lowering that sends it.
#[test]
fn explicit_nulls_mean_the_default() {
    let sent = json!({
        "name": "nightly", "count": null, "enabled": null, "priority": "low", "tags": [],
        "limits": {"max_bytes": 10, "min_retries": null}, "steps": [{"label": "a", "weight": null}],
        "ratio": null, "deadline": null
    });
    for (name, schema) in lowered_schemas(ScheduleJob::definition()) {
        if name.starts_with("openai") {
            let validator = jsonschema::validator_for(&schema).unwrap();
            assert!(validator.is_valid(&sent), "{name}: strict OpenAI accepts all-null optionals");
        }
    }
    let job = ScheduleJob::parse(&sent.to_string()).unwrap();
    assert!(!job.enabled);
    assert_eq!(job.ratio, 0.5);
    assert_eq!(job.limits, Some(Limits { max_bytes: 10, min_retries: None }));
}
