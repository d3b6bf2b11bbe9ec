//! A registry of crates on this machine, standing in for crates.io: the `.crate` files `cargo
//! package` made, with a sparse index written from each one's own manifest, served over HTTP on
//! loopback; every other crate is crates.io's own, its index entry and download redirected there.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::{Map, Value, json};
use sha2::{Digest, Sha256};

const CRATES_IO: &str = "https://github.com/rust-lang/crates.io-index";

/// A running registry: the folder it serves, and the index URL cargo is given.
pub struct Registry {
    files: PathBuf,
    pub index: String,
}

impl Registry {
    /// A registry serving `root`, a folder of its own, on a free loopback port: the crates
    /// published to it, and crates.io's for every other name (its index and downloads, by
    /// redirection), so that it can stand in for crates.io itself.
    pub fn serve(root: &Path) -> Registry {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let address = listener.local_addr().unwrap();
        let files = root.join("files");
        std::fs::create_dir_all(files.join("index")).unwrap();
        let config = json!({"dl": format!("http://{address}/dl/{{crate}}/{{version}}/download"), "api": null});
        std::fs::write(files.join("index/config.json"), config.to_string()).unwrap();
        let served = files.clone();
        std::thread::spawn(move || {
            for connection in listener.incoming().flatten() {
                let files = served.clone();
                std::thread::spawn(move || answer(connection, &files));
            }
        });
        Registry { files, index: format!("sparse+http://{address}/index/") }
    }

    /// Cargo's configuration that puts this registry in crates.io's place.
    pub fn config(&self) -> String {
        format!("[source.crates-io]\nreplace-with = \"packaged\"\n\n[source.packaged]\nregistry = \"{}\"\n", self.index)
    }

    /// Publishes the `.crate` files `crates` (name, version, path), each with its index entry
    /// written from its own packaged manifest.
    pub fn publish(&self, crates: &[(String, String, PathBuf)]) {
        let mut lines: BTreeMap<String, String> = BTreeMap::new();
        let unpacked = self.files.parent().unwrap().join("unpacked");
        for (name, version, file) in crates {
            let bytes = std::fs::read(file).unwrap();
            let cksum = hex(&Sha256::digest(&bytes));
            let manifest = unpacked_manifest(&unpacked, file);
            let line = index_line(&manifest, name, version, &cksum);
            lines.entry(name.clone()).or_default().push_str(&format!("{line}\n"));
            let download = self.files.join("dl").join(name).join(version);
            std::fs::create_dir_all(&download).unwrap();
            std::fs::write(download.join("download"), &bytes).unwrap();
        }
        for (name, text) in &lines {
            let file = self.files.join("index").join(index_path(name));
            std::fs::create_dir_all(file.parent().unwrap()).unwrap();
            std::fs::write(file, text).unwrap();
        }
    }
}

/// A sparse index's path for the crate `name` (cargo's layout: by the name's length, then its
/// first letters).
fn index_path(name: &str) -> String {
    let name = name.to_lowercase();
    match name.len() {
        1 => format!("1/{name}"),
        2 => format!("2/{name}"),
        3 => format!("3/{}/{name}", &name[..1]),
        _ => format!("{}/{}/{name}", &name[..2], &name[2..4]),
    }
}

/// The manifest of the `.crate` at `file`, as `cargo metadata` reads it once unpacked in `unpacked`.
fn unpacked_manifest(unpacked: &Path, file: &Path) -> Value {
    std::fs::create_dir_all(unpacked).unwrap();
    let status = Command::new("tar").arg("xzf").arg(file).arg("-C").arg(unpacked).status().unwrap();
    assert!(status.success(), "unpacking {}", file.display());
    let stem = file.file_stem().unwrap().to_str().unwrap();
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let output = Command::new(cargo)
        .args(["metadata", "--no-deps", "--format-version", "1", "--manifest-path"])
        .arg(unpacked.join(stem).join("Cargo.toml"))
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let mut metadata: Value = serde_json::from_slice(&output.stdout).unwrap();
    metadata["packages"][0].take()
}

/// The index entry of one version, from its packaged manifest: its dependencies (dev-dependencies
/// left out, as a user's build never needs them), features and checksum. Packaged for crates.io,
/// every dependency is crates.io's, which this registry stands in for: the entry names no other.
fn index_line(package: &Value, name: &str, version: &str, cksum: &str) -> Value {
    let mut deps = Vec::new();
    for dep in package["dependencies"].as_array().unwrap() {
        if dep["kind"] == "dev" {
            continue;
        }
        let real = dep["name"].as_str().unwrap();
        assert!(dep["registry"].is_null() || dep["registry"] == CRATES_IO, "{name} depends on {real} from elsewhere");
        let mut entry = json!({
            "name": dep["rename"].as_str().unwrap_or(real),
            "req": dep["req"],
            "features": dep["features"],
            "optional": dep["optional"],
            "default_features": dep["uses_default_features"],
            "target": dep["target"],
            "kind": dep["kind"].as_str().unwrap_or("normal"),
        });
        if dep["rename"].is_string() {
            entry["package"] = json!(real);
        }
        deps.push(entry);
    }
    // Features naming `dep:` or a dependency's feature with `?/` are the index's second list.
    let (mut features, mut features2) = (Map::new(), Map::new());
    for (feature, enables) in package["features"].as_object().unwrap() {
        let new_syntax = enables.as_array().unwrap().iter().any(|value| {
            let value = value.as_str().unwrap();
            value.starts_with("dep:") || value.contains("?/")
        });
        let list = if new_syntax { &mut features2 } else { &mut features };
        list.insert(feature.clone(), enables.clone());
    }
    json!({
        "name": name, "vers": version, "deps": deps, "cksum": cksum, "features": features,
        "features2": features2, "yanked": false, "links": package["links"], "v": 2,
        "rust_version": package["rust_version"],
    })
}

/// Answers one connection's `GET`s with the file under `files`, or 404.
fn answer(connection: TcpStream, files: &Path) {
    let mut reader = BufReader::new(connection.try_clone().unwrap());
    let mut writer = connection;
    loop {
        let mut request = String::new();
        if reader.read_line(&mut request).unwrap_or(0) == 0 {
            return;
        }
        // The headers, to the blank line.
        loop {
            let mut line = String::new();
            if reader.read_line(&mut line).unwrap_or(0) == 0 || line == "\r\n" || line == "\n" {
                break;
            }
        }
        let path = request.split_whitespace().nth(1).unwrap_or("/").to_owned();
        let safe = !path.split('/').any(|part| part == "..");
        let body = safe.then(|| std::fs::read(files.join(path.trim_start_matches('/')))).and_then(Result::ok);
        // Any other crate is crates.io's: its index entry, and its download.
        let elsewhere = match (path.strip_prefix("/index/"), path.strip_prefix("/dl/")) {
            (Some(entry), _) => Some(format!("https://index.crates.io/{entry}")),
            (_, Some(download)) => Some(format!("https://static.crates.io/crates/{download}")),
            _ => None,
        };
        let written = match (body, elsewhere) {
            (Some(body), _) => writer
                .write_all(format!("HTTP/1.1 200 OK\r\nContent-Length: {}\r\n\r\n", body.len()).as_bytes())
                .and_then(|()| writer.write_all(&body)),
            (None, Some(location)) => writer.write_all(
                format!("HTTP/1.1 302 Found\r\nLocation: {location}\r\nContent-Length: 0\r\n\r\n").as_bytes(),
            ),
            (None, None) => writer.write_all(b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n"),
        };
        if written.is_err() {
            return;
        }
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}
