//! The npm package and the Python wheel, as projects get them: `packages/build.sh` builds both (cargo's
//! dev profile, sharing this suite's build), then each is installed into a fresh project — `npm
//! install` of the packed tarball, `pip install` of the wheel into a new virtual environment — and
//! the package's own tests (`packages/node/test`, `packages/python/tests`) run there with the
//! language's runner (`node --test`, pytest), never against the build folder.
//!
//! Those tests also lower corpus files with the package and with the installed `toolc lower`, which
//! must agree byte for byte, messages included: a sample here, every file with `TOOLC_CORPUS=all`
//! (as CI runs it).
//!
//! Both also list the tools of the MCP reference servers (pinned in `tests/conformance`) with the
//! MCP SDK's own client of their language, and lower them as `toolc lower` does.
//!
//! Needs python3, node and npm; pytest and the MCP Python SDK, pinned in
//! `packages/python/test-requirements.txt`, are downloaded once into `target/tmp/packages/wheelhouse`
//! and installed from there.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use support::{VARIANTS, collect, conformance, corpus, run, tmp, workspace};

#[allow(dead_code)] // the corpus tests' helpers, of which this uses some
mod support;

/// The packed npm tarball and the wheel, built once for the tests of this run.
fn built() -> &'static (PathBuf, PathBuf) {
    static BUILT: OnceLock<(PathBuf, PathBuf)> = OnceLock::new();
    BUILT.get_or_init(|| {
        let said = run(
            Command::new("bash").arg(workspace().join("packages/build.sh")).arg("--dev").arg(tmp().join("packages")),
            "packages/build.sh",
        );
        let mut paths = said.lines().rev().take(2).map(PathBuf::from);
        let (wheel, tarball) = (paths.next().unwrap(), paths.next().unwrap());
        assert!(tarball.extension().is_some_and(|ext| ext == "tgz"), "{said}");
        assert!(wheel.extension().is_some_and(|ext| ext == "whl"), "{said}");
        (tarball, wheel)
    })
}

/// The corpus files to compare and the renderings, as a JSON file both languages' tests read.
fn plan() -> &'static Path {
    static PLAN: OnceLock<PathBuf> = OnceLock::new();
    PLAN.get_or_init(|| {
        let mut files = Vec::new();
        collect(&corpus(), &mut files);
        let all = std::env::var("TOOLC_CORPUS").is_ok_and(|value| value == "all");
        if !all {
            // Every MCP server's file (their schemas are the richest) and three of BFCL's.
            let (mcp, bfcl): (Vec<PathBuf>, Vec<PathBuf>) =
                files.into_iter().partition(|file| !file.parent().unwrap().ends_with("bfcl"));
            files = mcp.into_iter().chain(bfcl.into_iter().step_by(10)).collect();
        }
        let renderings: Vec<serde_json::Value> =
            VARIANTS.iter().map(|(_, target, flags)| serde_json::json!({"target": target, "flags": flags})).collect();
        let plan = serde_json::json!({"files": files, "renderings": renderings});
        let path = tmp().join(if all { "packages-plan-all.json" } else { "packages-plan.json" });
        std::fs::write(&path, plan.to_string()).unwrap();
        path
    })
}

/// A new, empty folder for a project.
fn fresh(name: &str) -> PathBuf {
    let dir = tmp().join("package-projects").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn copy_files(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let path = entry.unwrap().path();
        if path.is_file() {
            std::fs::copy(&path, to.join(path.file_name().unwrap())).unwrap();
        }
    }
}

#[test]
fn the_npm_package_installed_in_a_fresh_project_passes_its_tests() {
    let (tarball, _) = built();
    let plan = plan();
    let project = fresh("node");
    std::fs::write(project.join("package.json"), r#"{"name": "uses-toolc", "private": true, "type": "module"}"#)
        .unwrap();
    run(
        Command::new("npm")
            .args(["install", "--silent", "--no-audit", "--no-fund", "--prefer-offline"])
            .arg(tarball)
            .current_dir(&project),
        "npm install of the packed tarball",
    );
    // The MCP TypeScript SDK, its reference servers and node's types (pinned in tests/conformance),
    // linked into the project: the tests list real servers' tools with the SDK's own client. Linked
    // after `npm install`, which would prune them, through the links, from the shared folder.
    let conformance = conformance();
    for linked in ["@modelcontextprotocol", "@types"] {
        std::os::unix::fs::symlink(
            conformance.join("node_modules").join(linked),
            project.join("node_modules").join(linked),
        )
        .unwrap();
    }
    copy_files(&workspace().join("packages/node/test"), &project.join("test"));
    let said = run(
        Command::new("node")
            .args(["--test", "test/package.test.mjs"])
            .env("TOOLC_TEST_PLAN", plan)
            .current_dir(&project),
        "node --test in the fresh project",
    );
    assert!(said.contains("toolc-corpus: "), "the corpus comparison ran:\n{said}");
    println!("{}", said.lines().filter(|line| line.contains("toolc-corpus: ")).collect::<Vec<_>>().join("\n"));

    // The package's README, what npm shows (`packages/node/README.md`), read from the installed
    // package: its example type-checked against the package's `index.d.ts` and the MCP TypeScript
    // SDK's own types.
    let readme = std::fs::read_to_string(project.join("node_modules/toolc/README.md"))
        .expect("the npm package carries its README");
    let ours = std::fs::read_to_string(workspace().join("packages/node/README.md")).unwrap();
    assert_eq!(readme, ours, "the npm package's README is packages/node/README.md");
    for license in ["LICENSE-MIT", "LICENSE-APACHE"] {
        let shipped = std::fs::read_to_string(project.join("node_modules/toolc").join(license))
            .unwrap_or_else(|err| panic!("the npm package carries {license}: {err}"));
        assert_eq!(shipped, std::fs::read_to_string(workspace().join(license)).unwrap(), "{license}");
    }
    std::fs::write(project.join("readme.ts"), block_after(&readme, "<!-- tested: npm package -->")).unwrap();
    run(
        Command::new(conformance.join("node_modules/.bin/tsc"))
            .args([
                "--strict",
                "--skipLibCheck",
                "--module",
                "nodenext",
                "--target",
                "es2022",
                "--types",
                "node",
                "--noEmit",
                "readme.ts",
            ])
            .current_dir(&project),
        "tsc on the npm package README's example",
    );
}

/// The first code block after `marker` in `text`.
fn block_after(text: &str, marker: &str) -> String {
    let after = &text[text.find(marker).unwrap_or_else(|| panic!("{marker} in the package's README"))..];
    let body = &after[after.find("```").unwrap()..];
    let body = &body[body.find('\n').unwrap() + 1..];
    body[..body.find("```").unwrap()].to_owned()
}

#[test]
fn the_python_wheel_installed_in_a_fresh_virtual_environment_passes_its_tests() {
    let (_, wheel) = built();
    let plan = plan();
    let requirements = workspace().join("packages/python/test-requirements.txt");
    let wheelhouse = wheelhouse(&requirements);
    let project = fresh("python");
    run(Command::new("python3").args(["-m", "venv", "venv"]).current_dir(&project), "python3 -m venv");
    let python = project.join("venv/bin/python");
    run(
        Command::new(&python)
            .args(["-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--no-index", "--find-links"])
            .arg(&wheelhouse)
            .arg("-r")
            .arg(&requirements)
            .arg(wheel)
            .current_dir(&project),
        "pip install of the wheel",
    );
    copy_files(&workspace().join("packages/python/tests"), &project.join("tests"));
    // The MCP reference servers (pinned in tests/conformance), whose tools the MCP Python SDK lists.
    let conformance = conformance();
    let said = run(
        Command::new(&python)
            .args(["-m", "pytest", "-q", "-s", "-p", "no:cacheprovider", "tests"])
            .env("TOOLC_TEST_PLAN", plan)
            .env("TOOLC_TEST_MCP_SERVERS", conformance.join("node_modules/@modelcontextprotocol"))
            .current_dir(&project),
        "pytest in the fresh virtual environment",
    );
    assert!(said.contains("toolc-corpus: "), "the corpus comparison ran:\n{said}");
    assert!(said.contains("toolc-mcp: "), "the MCP servers' tools were listed and lowered:\n{said}");
    println!("{}", said.lines().filter(|line| line.contains("toolc-corpus: ")).collect::<Vec<_>>().join("\n"));

    // The package's README, what PyPI shows (`packages/python/README.md`, which the wheel's METADATA
    // carries), read from the installed package; its example run: it prints what the README says.
    let metadata = run(
        Command::new(&python)
            .args([
                "-c",
                "import importlib.metadata, sys; \
                 sys.stdout.buffer.write(importlib.metadata.distribution('toolc').read_text('METADATA').encode())",
            ])
            .current_dir(&project),
        "reading the installed package's METADATA",
    );
    let ours = std::fs::read_to_string(workspace().join("packages/python/README.md")).unwrap();
    assert!(metadata.contains(ours.trim_end()), "the wheel's METADATA carries packages/python/README.md:\n{metadata}");
    // Its licenses, as PyPI reads them (PEP 639): named in METADATA, shipped in the dist-info.
    let licenses = run(
        Command::new(&python)
            .args([
                "-c",
                "import importlib.metadata; d = importlib.metadata.distribution('toolc'); \
                 print(sorted(str(f) for f in d.files if 'licenses' in str(f)))",
            ])
            .current_dir(&project),
        "listing the installed package's licenses",
    );
    for license in ["LICENSE-MIT", "LICENSE-APACHE"] {
        assert!(metadata.contains(&format!("License-File: {license}")), "METADATA names {license}:\n{metadata}");
        assert!(licenses.contains(license), "the wheel ships {license}: {licenses}");
    }
    let example = &metadata
        [metadata.find("<!-- tested: python package -->").expect("the Python example in the package's README")..];
    std::fs::write(project.join("readme.py"), block_after(example, "```python")).unwrap();
    let printed = run(Command::new(&python).arg("readme.py").current_dir(&project), "the package README's example");
    assert_eq!(printed, block_after(example, "\nprints\n"), "what the package README's example prints");
}

/// The pinned test requirements' wheels, downloaded once (again when the pins change).
fn wheelhouse(requirements: &Path) -> PathBuf {
    let dir = tmp().join("packages/wheelhouse");
    let pins = std::fs::read_to_string(requirements).unwrap();
    let stamp = dir.join("requirements.txt");
    if std::fs::read_to_string(&stamp).ok().as_deref() != Some(&*pins) {
        let _ = std::fs::remove_dir_all(&dir);
        run(
            Command::new("python3")
                .args(["-m", "pip", "download", "--quiet", "--disable-pip-version-check", "--only-binary", ":all:"])
                .arg("-r")
                .arg(requirements)
                .arg("-d")
                .arg(&dir),
            "pip download of the test requirements",
        );
        std::fs::write(&stamp, pins).unwrap();
    }
    dir
}
