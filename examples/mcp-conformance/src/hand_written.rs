//! A tool whose schema is written by hand in JSON Schema 2020-12, as a program that receives its
//! definitions from elsewhere has them: conditions (`if`/`then`/`else`), `allOf`, `$defs` with an
//! `$anchor`. MCP's dialect is 2020-12, and the server serves the schema as written.

use serde_json::{Map, Value, json};
use toolc::DynamicToolbox;

/// The tools defined as JSON.
pub fn tools() -> DynamicToolbox {
    let definition = json!({
        "name": "json_schema_2020_12_tool",
        "description": "Takes a contact: a phone or an email, whichever the contact method says.",
        "inputSchema": {
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "type": "object",
            "$defs": {
                "address": {
                    "$anchor": "addressDef",
                    "type": "object",
                    "properties": {"street": {"type": "string"}, "city": {"type": "string"}}
                }
            },
            "properties": {
                "name": {"type": "string"},
                "address": {"$ref": "#/$defs/address"},
                "contactMethod": {"type": "string", "enum": ["phone", "email"]},
                "phone": {"type": "string"},
                "email": {"type": "string"}
            },
            "allOf": [{"anyOf": [{"required": ["phone"]}, {"required": ["email"]}]}],
            "if": {"properties": {"contactMethod": {"const": "phone"}}, "required": ["contactMethod"]},
            "then": {"required": ["phone"]},
            "else": {"required": ["email"]},
            "additionalProperties": false
        }
    });
    DynamicToolbox::new(&definition, |_, arguments: Map<String, Value>, _| async move {
        Ok::<_, String>(format!("contact taken: {}", Value::Object(arguments)))
    })
    .expect("the definition is JSON Schema 2020-12")
}
