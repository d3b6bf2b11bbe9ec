//! A tool whose example does not fit it still compiles; the test `#[tool]` generates for it fails,
//! naming the example. Here that check is called directly.

use toolc::tool;

/// Search the web.
#[tool(example({"query": "rust"}), example({"qurey": "rust"}, "A typo"))]
pub fn web_search(query: String) -> String {
    query
}

fn main() {
    let problem = WebSearchTool::__toolc_check_examples().unwrap_err();
    assert_eq!(
        problem,
        "example 2 of `web_search`, {\"qurey\":\"rust\"}, does not fit the tool: invalid arguments for tool \
         `web_search`:\n- at (root): missing required field `query`\n- at /qurey: unknown field `qurey` (sent the \
         string \"rust\"); did you mean `query`? Fields: `query`\nFix the arguments and call `web_search` again."
    );
}
