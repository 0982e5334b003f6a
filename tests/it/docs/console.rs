//! Every `console` example of the pages runs as shown: each `$ cubetui …`
//! line is run through the real binary (from the repository's root, its
//! words split by shlex) and its output (stdout, then stderr) must be the
//! lines that follow it, exactly. The exit status is not compared: a page
//! may show a refusal on purpose. (Not trycmd or snapbox: they read `...`
//! and `[..]` in the shown output as wildcards and want each refusal's
//! exit status written into the page.)

use std::process::Command;

use super::code_blocks;

/// One example: where its command is, the command, the lines it shows.
#[derive(Debug, PartialEq)]
struct Example {
    line: usize,
    command: String,
    shown: Vec<String>,
}

/// Every example of the `console` blocks of `md`.
fn examples(md: &str) -> Vec<Example> {
    let mut out: Vec<Example> = Vec::new();
    for block in code_blocks(md).into_iter().filter(|b| b.info == "console") {
        let mut open = false;
        for (i, line) in block.code.lines().enumerate() {
            if let Some(command) = line.strip_prefix("$ ") {
                out.push(Example {
                    line: block.line + i,
                    command: command.to_string(),
                    shown: Vec::new(),
                });
                open = true;
            } else if let Some(ex) = out.last_mut().filter(|_| open) {
                ex.shown.push(line.to_string());
            }
        }
    }
    out
}

/// What the binary prints for `command` (stdout, then stderr), or why it
/// could not be run.
fn run(command: &str) -> Result<Vec<String>, String> {
    let words = shlex::split(command).ok_or("unbalanced quotes")?;
    match words.split_first() {
        Some((program, args)) if program == "cubetui" => {
            let o = Command::new(env!("CARGO_BIN_EXE_cubetui"))
                .args(args)
                .output()
                .map_err(|e| format!("cannot run the binary: {e}"))?;
            let text = format!(
                "{}{}",
                String::from_utf8_lossy(&o.stdout),
                String::from_utf8_lossy(&o.stderr)
            );
            Ok(text.lines().map(String::from).collect())
        }
        _ => Err("not a `cubetui` command".into()),
    }
}

/// What is wrong with each example of `md` (page `name`), one line each.
fn faults(name: &str, md: &str) -> Vec<String> {
    let mut out = Vec::new();
    for ex in examples(md) {
        let at = format!("{name} line {}: `{}`", ex.line, ex.command);
        match run(&ex.command) {
            Err(e) => out.push(format!("{at}: {e}")),
            Ok(got) if got != ex.shown => out.push(format!(
                "{at}: prints\n{}\nwhere the page shows\n{}",
                got.join("\n"),
                ex.shown.join("\n")
            )),
            Ok(_) => {}
        }
    }
    out
}

#[test]
fn documented_console_examples_print_what_they_show() {
    let mut count = 0;
    let mut all = Vec::new();
    for page in super::pages() {
        count += examples(&page.text).len();
        all.extend(faults(&page.path.display().to_string(), &page.text));
    }
    assert!(count >= 7, "found only {count} examples");
    assert!(all.is_empty(), "{}", all.join("\n\n"));
}

#[test]
fn a_console_block_is_read_as_commands_and_their_output() {
    let md = "```console\n$ cubetui state --scramble \"R U\"\nline 1\n\nline 3\n\
              $ cubetui presets\n```\n```text\n$ cubetui not run\n```\n";
    let ex = examples(md);
    assert_eq!(ex.len(), 2);
    assert_eq!(ex[0].line, 2);
    assert_eq!(ex[0].command, "cubetui state --scramble \"R U\"");
    assert_eq!(ex[0].shown, ["line 1", "", "line 3"]);
    assert!(ex[1].shown.is_empty());
}

#[test]
fn an_example_whose_output_differs_is_named_with_its_line() {
    let md = "# t\n\n```console\n$ cubetui state --scramble \"R U\" --size 9\nnot this\n\
              $ ls\n```\n";
    let faults = faults("page.md", md);
    assert_eq!(faults.len(), 2, "{faults:#?}");
    assert!(
        faults[0]
            .starts_with("page.md line 4: `cubetui state --scramble \"R U\" --size 9`: prints"),
        "{}",
        faults[0]
    );
    assert!(
        faults[0].ends_with("where the page shows\nnot this"),
        "{}",
        faults[0]
    );
    assert!(
        faults[1].contains("not a `cubetui` command"),
        "{}",
        faults[1]
    );
}
