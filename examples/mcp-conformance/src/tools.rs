//! The suite's tools, each what its scenario asks of a server.

use std::time::Duration;

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use tool_runtime::{Audio, CallContext, ContentPart, Image, Resource, toolbox};

/// A 1×1 PNG, the suite's own.
const PNG: &str = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==";
/// A WAV file of one silent sample, the suite's own.
const WAV: &str = "UklGRiYAAABXQVZFZm10IBAAAAABAAEAQB8AAAB9AAACABAAZGF0YQIAAAA=";

pub(crate) fn png() -> Vec<u8> {
    STANDARD.decode(PNG).expect("the PNG is base64")
}

/// The server's tools.
pub struct Conformance;

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
