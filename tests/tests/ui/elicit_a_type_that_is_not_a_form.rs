use schemars::JsonSchema;
use serde::Deserialize;
use toolc::CallContext;

/// Whether to go on.
#[derive(Deserialize, JsonSchema)]
pub struct Confirm {
    pub ok: bool,
}

async fn ask(context: &CallContext) {
    let _ = context.elicit::<Confirm>("Go on?").await;
}

fn main() {
    let _ = ask;
}
