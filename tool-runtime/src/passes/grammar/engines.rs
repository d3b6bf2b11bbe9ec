//! What each grammar engine compiles and honours, as measured with the engine's own compiler,
//! keyword by keyword: the tables the pass goes by.

use crate::GrammarEngine;

/// What one engine compiles and honours.
pub(super) struct Subset {
    /// The `format`s it holds the string to; any other it refuses or ignores.
    pub(super) formats: &'static [&'static str],
    /// Keywords it refuses or ignores wherever they are: [`UNHONOURED`], and for some these too.
    pub(super) also_unsupported: &'static [&'static str],
    /// Why it does not hold `minLength`/`maxLength` beside a `pattern`, if it does not.
    pub(super) lengths_beside_pattern: Option<&'static str>,
    /// Whether it does not hold them beside a `format` either.
    pub(super) no_lengths_beside_format: bool,
    /// Whether its grammar parser refuses counts (of characters, of items) this large or larger.
    pub(super) largest_count: u64,
    /// Which `multipleOf`s it holds a number to.
    pub(super) multiple_of: Held,
    /// Whether it holds a number that need not be an integer to its bounds.
    pub(super) number_bounds: bool,
    /// Whether it compiles `allOf` (the OpenAI lowering has merged every `allOf` whose parts
    /// agree): [`Held::All`] or [`Held::None`].
    pub(super) all_of: Held,
    /// The largest magnitude of an integer bound it turns into a grammar.
    pub(super) integer_bound: i128,
    /// The largest magnitude of a number bound it turns into a grammar.
    pub(super) number_bound: f64,
    /// Which regular expression constructs it refuses or ignores in a `pattern`.
    pub(super) regex: Regex,
    /// Whether it refuses `items` as a boolean and `$ref: "#"` (the root).
    pub(super) no_boolean_items_or_root_ref: bool,
}

/// Which uses of a keyword an engine holds a value to.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Held {
    All,
    /// `multipleOf` on integers.
    Some,
    None,
}

/// Regular expression constructs an engine may not take (`true`: refused or ignored).
pub(super) struct Regex {
    pub(super) lookaround: bool,
    pub(super) backreferences: bool,
    pub(super) unicode_classes: bool,
    /// Escapes other than GBNF's own (`\t`, `\n`, `\xHH`, …) and, outside a class, the escaped
    /// metacharacters: `\d`, `\w`, `\s`, `\-`, `\/`, ….
    pub(super) escapes_beyond_gbnf: bool,
    /// A pattern that does not start with `^` and end with `$`, or a `(?…)` group.
    pub(super) unanchored: bool,
    /// `^` or `$` inside the pattern (`^a|^b`).
    pub(super) inner_anchors: bool,
}

/// Keywords no engine honours: the conditional and dependent ones, negation, uniqueness, counted
/// `contains`, property names and the unevaluated ones. xgrammar and llama.cpp's converter ignore
/// them; llguidance refuses them ("Unimplemented keys").
pub(super) const UNHONOURED: &[&str] = &[
    "not",
    "if",
    "then",
    "else",
    "dependentRequired",
    "dependentSchemas",
    "dependencies",
    "propertyNames",
    "uniqueItems",
    "contains",
    "minContains",
    "maxContains",
    "unevaluatedProperties",
    "unevaluatedItems",
];

pub(super) fn subset(engine: GrammarEngine) -> Subset {
    match engine {
        GrammarEngine::XGrammar => Subset {
            formats: &[
                "date",
                "time",
                "date-time",
                "duration",
                "email",
                "hostname",
                "ipv4",
                "ipv6",
                "uuid",
                "uri",
                "uri-reference",
                "uri-template",
                "json-pointer",
                "relative-json-pointer",
            ],
            also_unsupported: &[],
            lengths_beside_pattern: Some("ignores string lengths beside a pattern or a format"),
            no_lengths_beside_format: true,
            largest_count: u64::MAX,
            multiple_of: Held::Some,
            number_bounds: true,
            all_of: Held::None,
            integer_bound: i64::MAX as i128,
            number_bound: f64::MAX,
            regex: Regex {
                lookaround: true,
                backreferences: true,
                unicode_classes: true,
                escapes_beyond_gbnf: false,
                unanchored: false,
                inner_anchors: true,
            },
            no_boolean_items_or_root_ref: false,
        },
        GrammarEngine::LlGuidance => Subset {
            formats: &["date", "time", "date-time", "duration", "email", "hostname", "ipv4", "ipv6", "uuid", "uri"],
            also_unsupported: &[],
            // "Unable to determine if regex is empty" on a hostname pattern with `maxLength: 253`.
            lengths_beside_pattern: Some("cannot always join string lengths with a pattern"),
            no_lengths_beside_format: false,
            largest_count: u64::MAX,
            multiple_of: Held::All,
            number_bounds: true,
            all_of: Held::All,
            integer_bound: (1 << 53) - 1,
            number_bound: 1e15,
            regex: Regex {
                lookaround: true,
                backreferences: true,
                unicode_classes: false,
                escapes_beyond_gbnf: false,
                unanchored: false,
                inner_anchors: false,
            },
            no_boolean_items_or_root_ref: false,
        },
        // Measured with the C++ converter its server runs (node-llama-cpp 3.21.1's build of it):
        // a pattern it cannot read becomes any string, with a warning on the server's log only.
        GrammarEngine::LlamaCpp => Subset {
            formats: &["date", "time", "date-time", "uuid"],
            // It ignores the counts of an object's properties too.
            also_unsupported: &["minProperties", "maxProperties"],
            lengths_beside_pattern: Some("ignores string lengths beside a pattern or a format"),
            no_lengths_beside_format: true,
            // Its GBNF parser refuses some repetitions from 1,999 on ("Failed to parse grammar").
            largest_count: 1000,
            multiple_of: Held::None,
            number_bounds: false,
            // It reads only the branches' properties and enums, makes every property required,
            // and ignores an `allOf` beside `properties`, `enum` or most types: a string's
            // `allOf` becomes a grammar of `{}` alone. What the lowering could not merge, it
            // cannot hold.
            all_of: Held::None,
            integer_bound: (1 << 53) - 1,
            number_bound: f64::MAX,
            regex: Regex {
                lookaround: true,
                backreferences: true,
                unicode_classes: true,
                escapes_beyond_gbnf: true,
                unanchored: true,
                inner_anchors: true,
            },
            no_boolean_items_or_root_ref: true,
        },
    }
}
