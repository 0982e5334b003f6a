//! Every `console` example in the README, CONTRIBUTING.md and docs/*.md
//! runs as shown: each `$ cubetui …` line is run through the real binary
//! (from the repository's root) and its output (stdout, then stderr) must
//! be the lines that follow it.

use std::process::Command;

/// Splits a command line on spaces, keeping "double-quoted" words together.
fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quoted = false;
    let mut any = false;
    for c in line.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                any = true;
            }
            ' ' if !quoted => {
                if any {
                    out.push(std::mem::take(&mut cur));
                    any = false;
                }
            }
            c => {
                cur.push(c);
                any = true;
            }
        }
    }
    assert!(!quoted, "unbalanced quotes in `{line}`");
    if any {
        out.push(cur);
    }
    out
}

/// (command line, expected output lines) of every example in `console` blocks.
fn examples(readme: &str) -> Vec<(String, Vec<String>)> {
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    let mut inside = false;
    for line in readme.lines() {
        if line.starts_with("```") {
            inside = line == "```console";
            continue;
        }
        if !inside {
            continue;
        }
        if let Some(cmd) = line.strip_prefix("$ ") {
            out.push((cmd.to_string(), Vec::new()));
        } else if let Some((_, expected)) = out.last_mut() {
            expected.push(line.to_string());
        }
    }
    out
}

#[test]
fn documented_console_examples_print_what_they_show() {
    let mut count = 0;
    for (path, page) in crate::docs_links::pages() {
        for (cmd, expected) in examples(&page) {
            count += 1;
            let args = words(&cmd);
            assert_eq!(args[0], "cubetui", "{}: {cmd}", path.display());
            let o = Command::new(env!("CARGO_BIN_EXE_cubetui"))
                .args(&args[1..])
                .output()
                .expect("binary runs");
            let text = format!(
                "{}{}",
                String::from_utf8_lossy(&o.stdout),
                String::from_utf8_lossy(&o.stderr)
            );
            let got: Vec<&str> = text.lines().collect();
            assert_eq!(got, expected, "{} example `{cmd}`", path.display());
        }
    }
    assert!(count >= 7, "found only {count} examples");
}

#[test]
fn a_console_block_is_read_as_commands_and_their_output() {
    let md = "```console\n$ cubetui state --scramble \"R U\"\nline 1\n\nline 3\n\
              $ cubetui presets\n```\n```text\n$ cubetui not run\n```\n";
    let ex = examples(md);
    assert_eq!(ex.len(), 2);
    assert_eq!(ex[0].0, "cubetui state --scramble \"R U\"");
    assert_eq!(ex[0].1, ["line 1", "", "line 3"]);
    assert_eq!(words(&ex[0].0), ["cubetui", "state", "--scramble", "R U"]);
    assert!(ex[1].1.is_empty());
}
