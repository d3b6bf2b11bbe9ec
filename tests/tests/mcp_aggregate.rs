//! toolc as an aggregator of MCP servers: local tools and two servers' tools (the `lab-mcp` test
//! server, and the `memory` reference server from the pinned npm packages) combined into one
//! toolbox, served again with `McpServer` over streamable HTTP, and driven with the MCP Python SDK's
//! own client (`tests/conformance/mcp_aggregate.py`).

use std::process::Command;

use toolc::{Combine, Toolbox, toolbox};
use toolc_mcp::{McpServer, McpToolbox};

use crate::support::pinned::{installed, run};

struct Notes;

#[toolbox]
impl Notes {
    /// Keep a note; answers its length.
    ///
    /// # Arguments
    /// * `text` - The note.
    #[tool]
    fn note(text: String) -> usize {
        text.len()
    }
}

#[test]
fn local_tools_and_two_servers_served_as_one_to_the_python_sdk_client() {
    let (here, work) = installed();
    let scratch = tempfile::tempdir().unwrap();
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
    let (url, expected) = runtime.block_on(async {
        let lab =
            McpToolbox::connect_stdio(Command::new(env!("CARGO_BIN_EXE_lab-mcp")).arg(scratch.path())).await.unwrap();
        let mut memory = Command::new(work.join("node_modules/.bin/mcp-server-memory"));
        memory.env("MEMORY_FILE_PATH", scratch.path().join("memory.jsonl"));
        let memory = McpToolbox::connect_stdio(memory).await.unwrap();
        let all = (Notes, lab.prefixed("lab_").unwrap(), memory.prefixed("memory_").unwrap()).combine().unwrap();
        let expected: Vec<String> = all.tools().iter().map(|tool| tool.name.to_string()).collect();
        assert_eq!(expected.len(), 1 + 6 + 9, "{expected:?}");
        let server = McpServer::new(all).unwrap().named("aggregate", "1.0.0").serve_http("127.0.0.1:0").await.unwrap();
        let url = server.url();
        // The server runs on the runtime's workers while the client runs below.
        tokio::spawn(server.wait());
        (url, expected)
    });
    let output = run(
        Command::new(work.join("venv/bin/python"))
            .arg(here.join("mcp_aggregate.py"))
            .arg(&url)
            .arg(serde_json::to_string(&expected).unwrap()),
        "the MCP Python SDK client",
    );
    println!("{output}");
    assert!(output.contains(" passed, 0 failed"), "{output}");
    drop(runtime);
}
