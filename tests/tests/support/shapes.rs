//! A downstream toolbox of ordinary serde shapes, one tool a shape family: internally and adjacently
//! tagged unions at the root, an externally tagged one in an argument, untagged and tagged unions inside fields and array items,
//! unit enums, `Option`, defaults, `flatten`, renames, `deny_unknown_fields`, every integer width,
//! floats, patterns with lengths, arrays with counts, sets, maps and nested structs. The soundness
//! test (`soundness.rs`) draws calls from its lowered schemas and sends them to dispatch, and
//! draws values of its types and checks that the lowered schemas admit them. It lives in the suite,
//! not the test crate, so the registry-wide tests of `tool_set` do not list it.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use toolc::{tool, toolbox};

/// Switch the player's mode.
#[tool(name = "set_mode")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "mode", rename_all = "snake_case")]
pub enum SetMode {
    /// Play a track.
    Play {
        /// The track's number, from 1.
        track: u16,
        /// Start this many seconds in.
        #[serde(default)]
        offset_seconds: f32,
    },
    /// Pause, optionally for a while.
    Pause {
        /// How long, in seconds; until resumed when absent.
        for_seconds: Option<u32>,
    },
    /// Seek within the track.
    Seek(Seek),
    /// Stop playing.
    Stop,
}

/// A place in the track.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Seek {
    /// Seconds from the start.
    pub position: f64,
    /// Whether to keep playing after.
    pub resume: bool,
}

/// Move a piece on the board.
#[tool(name = "move_piece")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", content = "data", rename_all = "camelCase")]
pub enum MovePiece {
    /// A step to a square.
    Step {
        /// The file, a to h.
        #[schemars(regex(pattern = r"^[a-h]$"))]
        file: String,
        /// The rank, 1 to 8.
        #[schemars(range(min = 1, max = 8))]
        rank: u8,
    },
    /// Castle on one side.
    Castle(Side),
    /// Give up.
    Resign,
}

/// A side of the board.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    King,
    Queen,
}

/// A signal to a process, externally tagged (serde's default). A root tool must be tagged by a
/// field, so this one is an argument of `ShapeTools::signal`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SendSignal {
    /// Ask it to stop.
    Terminate,
    /// Stop it now.
    Kill {
        /// The process id.
        pid: i32,
    },
    /// A signal by name.
    Named(String),
}

/// Configure a service.
#[tool(name = "configure")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Configure {
    /// The service's name.
    pub service_name: String,
    /// The port to listen on, if not the default.
    pub port: Option<u16>,
    /// Whether it starts with the machine.
    #[serde(default)]
    pub start_on_boot: bool,
    /// How many workers.
    #[serde(default = "default_workers")]
    pub workers: u8,
    /// The log level.
    #[serde(rename = "log")]
    pub log_level: Option<Level>,
    /// A note for operators.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

fn default_workers() -> u8 {
    4
}

/// How much to log.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "UPPERCASE")]
pub enum Level {
    Error,
    Warn,
    Info,
    #[serde(rename = "trace")]
    Trace,
}

/// Record a measurement in every integer width and both float widths.
#[tool(name = "measure")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Measure {
    /// A byte.
    pub tiny: u8,
    /// A signed byte.
    pub small: i8,
    /// A 16-bit count.
    pub short: u16,
    /// A signed 16-bit offset.
    pub delta: i16,
    /// A 32-bit count.
    pub count: u32,
    /// A signed 32-bit offset.
    pub offset: i32,
    /// A 64-bit total.
    pub total: u64,
    /// A signed 64-bit balance.
    pub balance: i64,
    /// An index.
    pub index: usize,
    /// A ratio, 0 to 1.
    #[schemars(range(min = 0.0, max = 1.0))]
    pub ratio: f32,
    /// A reading.
    pub reading: f64,
    /// A percentage, 0 to 100.
    #[schemars(range(min = 0, max = 100))]
    pub percent: u32,
}

/// Label an item.
#[tool(name = "label")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Label {
    /// A short code: lower-case letters and digits, 2 to 8 of them.
    #[schemars(regex(pattern = r"^[a-z0-9]+$"), length(min = 2, max = 8))]
    pub code: String,
    /// A title of at most 40 characters.
    #[schemars(length(max = 40))]
    pub title: String,
    /// A contact address.
    #[schemars(email)]
    pub contact: Option<String>,
    /// A date, `YYYY-MM-DD` in ASCII digits (ECMA-262's `\d`).
    #[schemars(regex(pattern = r"^\d{4}-\d{2}-\d{2}$"))]
    pub due: Option<String>,
    /// Words with one space of any kind between them (ECMA-262's `\s` takes Unicode's spaces).
    #[schemars(regex(pattern = r"^\S+(\s\S+)*$"))]
    pub words: Option<String>,
}

/// Run a batch of commands.
#[tool(name = "batch")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Batch {
    /// The commands, one to three.
    #[schemars(length(min = 1, max = 3))]
    pub commands: Vec<String>,
    /// The hosts to run on, each once.
    pub hosts: BTreeSet<String>,
    /// Exit codes that count as success.
    #[serde(default)]
    pub ok_codes: Vec<u8>,
}

/// Annotate a record.
#[tool(name = "annotate", strict = false)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Annotate {
    /// Labels by name.
    pub labels: BTreeMap<String, String>,
    /// Counts by key.
    #[serde(default)]
    pub counts: HashMap<String, u32>,
    /// Where it is pinned, as x and y (a tuple: strict mode has no `prefixItems`, so this tool
    /// is not strict).
    pub origin: (i32, i32),
}

/// Place an order.
#[tool(name = "place_order")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct PlaceOrder {
    /// Who orders.
    pub customer: Customer,
    /// Where it goes, if not to the customer.
    pub ship_to: Option<Address>,
    /// What is ordered.
    pub lines: Vec<Line>,
}

/// A customer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Customer {
    /// The customer's name.
    pub name: String,
    /// The customer's address.
    pub address: Address,
}

/// A postal address.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Address {
    /// The street and number.
    pub street: String,
    /// The city.
    pub city: String,
}

/// One line of an order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Line {
    /// The product's code.
    pub sku: String,
    /// How many.
    pub quantity: u32,
}

/// Search the catalogue.
#[tool(name = "search_catalogue")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct SearchCatalogue {
    /// What to look for.
    pub query: String,
    /// The page of results.
    #[serde(flatten)]
    pub page: Page,
}

/// A page of results.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Page {
    /// Results to skip.
    #[serde(default)]
    pub skip: u32,
    /// Results to give, if not all.
    pub take: Option<u32>,
}

/// Paint shapes.
#[tool(name = "paint")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Paint {
    /// The shapes, each tagged by its kind.
    pub shapes: Vec<Shape>,
    /// The colour: a name, an RGB triple or a grey level.
    pub colour: Colour,
    /// The brush, if not the default.
    pub brush: Option<Brush>,
}

/// A shape.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Shape {
    /// A circle.
    Circle {
        /// Its radius.
        radius: f64,
    },
    /// A rectangle.
    Rect {
        /// Its width.
        width: f64,
        /// Its height.
        height: f64,
    },
}

/// A colour, three ways.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum Colour {
    /// A grey level, 0 to 255.
    Grey(u8),
    /// A name.
    Named(String),
    /// Red, green and blue.
    Rgb {
        /// Red.
        r: u8,
        /// Green.
        g: u8,
        /// Blue.
        b: u8,
    },
}

/// A brush.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub enum Brush {
    /// A round brush.
    Round {
        /// Its size.
        size_px: u16,
    },
    /// A flat brush.
    Flat,
}

/// Every call the model can make to the shapes toolbox.
#[toolbox]
#[derive(Debug, Clone, PartialEq)]
pub enum ShapeOp {
    SetMode(SetMode),
    MovePiece(MovePiece),
    Configure(Configure),
    Measure(Measure),
    Label(Label),
    Batch(Batch),
    Annotate(Annotate),
    PlaceOrder(PlaceOrder),
    SearchCatalogue(SearchCatalogue),
    Paint(Paint),
}

impl ShapeOp {
    /// The call's arguments as serde writes the value: what a well-behaved caller sends.
    pub fn arguments(&self) -> Value {
        let value = match self {
            ShapeOp::SetMode(op) => serde_json::to_value(op),
            ShapeOp::MovePiece(op) => serde_json::to_value(op),
            ShapeOp::Configure(op) => serde_json::to_value(op),
            ShapeOp::Measure(op) => serde_json::to_value(op),
            ShapeOp::Label(op) => serde_json::to_value(op),
            ShapeOp::Batch(op) => serde_json::to_value(op),
            ShapeOp::Annotate(op) => serde_json::to_value(op),
            ShapeOp::PlaceOrder(op) => serde_json::to_value(op),
            ShapeOp::SearchCatalogue(op) => serde_json::to_value(op),
            ShapeOp::Paint(op) => serde_json::to_value(op),
        };
        value.expect("the shapes serialize")
    }
}

/// The same shapes as a method's arguments, for the `impl` form of `#[toolbox]`: each tool gives
/// back what it read, as serde writes it.
#[derive(Debug, Default)]
pub struct ShapeTools;

#[toolbox]
impl ShapeTools {
    /// Schedule a job.
    ///
    /// # Arguments
    /// * `name` - The job's name.
    /// * `runs` - How many times, if not once.
    /// * `tags` - Labels, each once.
    /// * `when` - When to start: an hour of the day, or a cron line.
    #[tool]
    pub fn schedule(&self, name: String, runs: Option<u32>, tags: BTreeSet<String>, when: When) -> Value {
        serde_json::json!({"name": name, "runs": runs, "tags": tags, "when": when})
    }

    /// Send a signal.
    ///
    /// # Arguments
    /// * `signal` - Which signal.
    /// * `retries` - How often to retry.
    #[tool]
    pub fn signal(&self, signal: SendSignal, #[arg(default = 2)] retries: u8) -> Value {
        serde_json::json!({"signal": signal, "retries": retries})
    }
}

/// When a job starts.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum When {
    /// An hour of the day, 0 to 23.
    Hour(u8),
    /// A cron line.
    Cron {
        /// The cron expression.
        cron: String,
    },
}
