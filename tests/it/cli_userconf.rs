//! The user's own presets and settings, in the directory `CUBETUI_CONFIG_DIR`
//! names: a preset in `presets/` is listed, solved with and raced; a broken
//! one is named by file and line while the others still run; a broken
//! `config.toml` is exit code 3 naming file and line; `--theme` takes a file;
//! `config path` shows where they live.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// A fresh configuration directory for one test.
fn config_dir(test: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("cubetui-userconf-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(d.join("presets")).expect("create the config dir");
    d
}

fn run(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cubetui"))
        .args(args)
        .env("CUBETUI_CONFIG_DIR", dir)
        .stdin(Stdio::null())
        .output()
        .expect("run cubetui")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A copy of the built-in `sa-faces` under another description, without
/// its aliases and default flag (which would clash with the built-in's).
fn my_preset() -> String {
    let src = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/presets/sa-faces.toml"
    ))
    .expect("read sa-faces");
    src.lines()
        .filter(|l| !l.starts_with("aliases") && !l.starts_with("default"))
        .map(|l| {
            if l.starts_with("description") {
                "description = \"my own annealer\"".to_string()
            } else {
                l.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

const BROKEN: &str =
    "solver = \"sa\"\nbogus = 3\n\n[preset]\ndescription = \"x\"\norder = 1\nfollows = \"me\"\n";

#[test]
fn a_user_preset_is_listed_solved_with_and_raced() {
    let d = config_dir("ok");
    std::fs::write(d.join("presets/my-sa.toml"), my_preset()).unwrap();
    let o = run(&d, &["presets"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    let mine = out.find("my-sa ").expect("listed");
    assert!(out.contains("my own annealer"), "{out}");
    // After the built-in ones.
    assert!(out.find("reference").unwrap() < mine, "{out}");
    assert!(text(&o.stderr).is_empty(), "{}", text(&o.stderr));
    let o = run(
        &d,
        &[
            "solve",
            "--preset",
            "my-sa",
            "--scramble",
            "R U",
            "--seed",
            "1",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(
        text(&o.stdout).contains("preset my-sa"),
        "{}",
        text(&o.stdout)
    );
    let o = run(
        &d,
        &[
            "race",
            "--presets",
            "my-sa,sa-faces",
            "--scramble",
            "R",
            "--time-limit",
            "5",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(text(&o.stdout).contains("my-sa"), "{}", text(&o.stdout));
    // Its parameters go through the same checks as a built-in's.
    let o = run(
        &d,
        &[
            "solve",
            "--preset",
            "my-sa",
            "--set",
            "schedule.alpha=7",
            "--scramble",
            "R",
        ],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).contains("schedule.alpha"),
        "{}",
        text(&o.stderr)
    );
}

#[test]
fn a_minimal_user_preset_needs_only_its_solver_and_parameters() {
    let d = config_dir("minimal");
    // No [preset] table: no description, order or follows.
    let bare = "solver = \"sa\"\nneighbourhood = \"faces\"\nmax_steps = 200000\n";
    std::fs::write(d.join("presets/bare.toml"), bare).unwrap();
    // Only a description: ordered after a preset that gives an order.
    let described = "solver = \"sa\"\n\n[preset]\ndescription = \"a quiet one\"\n";
    std::fs::write(d.join("presets/aaa.toml"), described).unwrap();
    std::fs::write(d.join("presets/zzz.toml"), my_preset()).unwrap();
    let o = run(&d, &["presets"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(text(&o.stderr).is_empty(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    let at = |name: &str| {
        out.lines()
            .position(|l| l.starts_with(&format!("{name} ")))
            .unwrap_or_else(|| panic!("{name} listed: {out}"))
    };
    // After the built-ins; one with an order before those without.
    assert!(at("reference") < at("zzz"), "{out}");
    assert!(at("zzz") < at("aaa") && at("zzz") < at("bare"), "{out}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[at("aaa")].ends_with("a quiet one"), "{out}");
    // Nothing to say about what it follows: no such line, no trailing blanks.
    assert_eq!(lines[at("bare")].trim_end(), lines[at("bare")], "{out}");
    assert!(
        lines
            .get(at("bare") + 1)
            .is_none_or(|l| !l.starts_with(' ')),
        "{out}"
    );
    let o = run(&d, &["presets", "bare"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(
        text(&o.stdout).starts_with("bare (solver sa)\n\nkey "),
        "{}",
        text(&o.stdout)
    );
    let o = run(
        &d,
        &[
            "solve",
            "--preset",
            "bare",
            "--scramble",
            "R U",
            "--seed",
            "1",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(
        text(&o.stdout).contains("(preset bare, neighbourhood faces)"),
        "{}",
        text(&o.stdout)
    );
}

#[test]
fn a_broken_user_preset_is_named_by_file_and_line_and_the_rest_still_run() {
    let d = config_dir("broken");
    std::fs::write(d.join("presets/my-sa.toml"), my_preset()).unwrap();
    std::fs::write(d.join("presets/broken.toml"), BROKEN).unwrap();
    let out_of_range = my_preset().replace("alpha = 0.98", "alpha = 7.0");
    std::fs::write(d.join("presets/hot.toml"), out_of_range).unwrap();
    std::fs::write(d.join("presets/bad.toml"), "solver = \"sa\"\n[preset\n").unwrap();
    std::fs::write(d.join("presets/ga.toml"), my_preset()).unwrap();
    let o = run(&d, &["presets"]);
    assert_eq!(o.status.code(), Some(0));
    let err = text(&o.stderr);
    let file = |n: &str| d.join("presets").join(n).display().to_string();
    assert!(
        err.contains(&format!(
            "{}:2: unknown parameter `bogus`",
            file("broken.toml")
        )),
        "{err}"
    );
    assert!(err.contains(&format!("{}:2: ", file("bad.toml"))), "{err}");
    let hot = err
        .lines()
        .find(|l| l.contains("hot.toml"))
        .expect("hot named");
    assert!(
        hot.contains(":17: bad value for `schedule.alpha`: 7.0 is outside its range (it takes"),
        "{hot}"
    );
    let ga = err
        .lines()
        .find(|l| l.contains("ga.toml"))
        .expect("ga named");
    assert!(ga.contains("`ga`") && ga.contains("built-in"), "{ga}");
    let out = text(&o.stdout);
    assert!(
        out.contains("my-sa") && out.contains("sa-pll-conj"),
        "{out}"
    );
    for gone in ["broken ", "hot ", "bad "] {
        assert!(!out.lines().any(|l| l.starts_with(gone)), "{gone}: {out}");
    }
    // The built-in `ga` is still the built-in one.
    assert!(
        out.contains("Genetic algorithm over chromosomes of the 18 face turns"),
        "{out}"
    );
    let o = run(
        &d,
        &[
            "solve",
            "--preset",
            "sa-faces",
            "--scramble",
            "R",
            "--seed",
            "1",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let o = run(&d, &["solve", "--preset", "broken", "--scramble", "R"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn a_broken_config_file_is_exit_3_with_file_and_line() {
    let d = config_dir("settings");
    let cfg = d.join("config.toml");
    for (body, line, says) in [
        ("fps = 20\ncolour = \"red\"\n", 2, "colour"),
        ("theme = \"pastel\"\n\nfps = 99\n", 3, "1 to 60"),
        ("speed = 3\n", 1, "max"),
        ("preset = \"nope\"\n", 1, "unknown preset `nope`"),
        ("fps = \n", 1, ""),
    ] {
        std::fs::write(&cfg, body).unwrap();
        let o = run(&d, &[]);
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(3), "{body}: {err}");
        assert!(
            err.contains(&format!("{}:{line}: ", cfg.display())) && err.contains(says),
            "{body}: {err}"
        );
    }
    // A good one passes (the screen then refuses the missing terminal, exit 2).
    std::fs::write(
        &cfg,
        "theme = \"pastel\"\nfps = 20\nspeed = \"max\"\npreset = \"ga\"\n",
    )
    .unwrap();
    let o = run(&d, &[]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o.stderr));
    assert!(text(&o.stderr).contains("terminal"), "{}", text(&o.stderr));
}

#[test]
fn theme_takes_a_file() {
    let d = config_dir("theme");
    let pastel = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/themes/pastel.toml");
    // Accepted: the screen then refuses the missing terminal (exit 2).
    let o = run(&d, &["--theme", pastel]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).contains("not a terminal"),
        "{}",
        text(&o.stderr)
    );
    let bad = d.join("bad-theme.toml");
    std::fs::write(&bad, "name = 3\n").unwrap();
    let o = run(&d, &["--theme", &bad.display().to_string()]);
    assert_eq!(o.status.code(), Some(3));
    assert!(
        text(&o.stderr).contains(&bad.display().to_string()),
        "{}",
        text(&o.stderr)
    );
    let o = run(&d, &["--theme", "/no/such/theme.toml"]);
    assert_eq!(o.status.code(), Some(3));
    // `theme` in config.toml: a file relative to the config directory.
    std::fs::copy(pastel, d.join("mine.toml")).unwrap();
    std::fs::write(d.join("config.toml"), "theme = \"mine.toml\"\n").unwrap();
    let o = run(&d, &[]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o.stderr));
    assert!(
        text(&o.stderr).contains("not a terminal"),
        "{}",
        text(&o.stderr)
    );
    std::fs::write(d.join("config.toml"), "theme = \"gone.toml\"\n").unwrap();
    let o = run(&d, &[]);
    assert_eq!(o.status.code(), Some(3));
    assert!(text(&o.stderr).contains("gone.toml"), "{}", text(&o.stderr));
    // The command line wins over the file.
    let o = run(&d, &["--theme", "classic"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o.stderr));
    let o = run(&d, &["--theme", "nope"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).contains("classic, pastel"),
        "{}",
        text(&o.stderr)
    );
}

#[test]
fn config_path_says_where_and_whether() {
    let d = config_dir("path");
    let o = run(&d, &["config", "path"]);
    assert_eq!(o.status.code(), Some(0));
    let out = text(&o.stdout);
    assert!(
        out.contains(&format!(
            "config file: {} (not there)",
            d.join("config.toml").display()
        )),
        "{out}"
    );
    assert!(
        out.contains(&format!(
            "presets dir: {} (exists)",
            d.join("presets").display()
        )),
        "{out}"
    );
    std::fs::write(d.join("config.toml"), "fps = 20\n").unwrap();
    let out = text(&run(&d, &["config", "path"]).stdout);
    assert!(out.contains("config.toml (exists)"), "{out}");
    // "exists" only for the right kind: a directory named config.toml
    // and a file named presets are said for what they are.
    std::fs::remove_file(d.join("config.toml")).unwrap();
    std::fs::create_dir(d.join("config.toml")).unwrap();
    std::fs::remove_dir_all(d.join("presets")).unwrap();
    std::fs::write(d.join("presets"), "").unwrap();
    let out = text(&run(&d, &["config", "path"]).stdout);
    assert!(
        out.contains("config.toml (a directory, not a file: not read)"),
        "{out}"
    );
    assert!(
        out.contains("presets (not a directory: no presets are read from it)"),
        "{out}"
    );
    // The config directory itself a file: nothing can be there.
    let file = d.join("plain-file");
    std::fs::write(&file, "").unwrap();
    let out = text(&run(&file, &["config", "path"]).stdout);
    assert!(
        out.contains(&format!(
            "config.toml (cannot exist: {} is not a directory)",
            file.display()
        )),
        "{out}"
    );
    std::fs::remove_dir_all(&d).ok();
}
