//! End to end: the screen starts with `config.toml`'s preset and speed, a
//! user preset is in the Tab cycle after the built-in ones, and a refused
//! user preset is named (file and line) on the message line.

use crate::pty_support;

use pty_support::{Session, status};

#[test]
fn the_screen_takes_its_defaults_and_presets_from_the_config_dir() {
    let d = std::env::temp_dir().join(format!("cubetui-e2e-userconf-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(d.join("presets")).expect("create the config dir");
    let mine = "solver = \"sa\"\nneighbourhood = \"faces\"\n\n[preset]\n\
                description = \"mine\"\norder = 1\nfollows = \"me\"\n";
    std::fs::write(d.join("presets/my-sa.toml"), mine).unwrap();
    std::fs::write(
        d.join("presets/broken.toml"),
        "solver = \"sa\"\nbogus = 1\n",
    )
    .unwrap();
    std::fs::write(
        d.join("config.toml"),
        "theme = \"pastel\"\nspeed = 100\npreset = \"my-sa\"\n",
    )
    .unwrap();
    let dir = d.display().to_string();
    let mut session = Session::start(&["--seed", "3"], &[("CUBETUI_CONFIG_DIR", &dir)]);
    let s = session.screen.wait("the config's preset and speed", |s| {
        status(s, "preset").is_some_and(|v| v.starts_with("my-sa"))
            && status(s, "speed").is_some_and(|v| v.starts_with("100 / frame"))
            && s.contains("broken.toml")
    });
    assert!(s.contains("broken.toml"), "{s}");
    // Tab goes on from the last preset, the user's, to the first built-in one.
    session.send("\t");
    session.screen.wait("the first preset after Tab", |s| {
        status(s, "preset").is_some_and(|v| v.starts_with("sa-pll-conj"))
    });
    session.quit();
    let _ = std::fs::remove_dir_all(&d);
}
