//! Reading the config text: typed values with file/line errors, unknown keys as warnings.

use super::error::{ConfigError, line_and_column, source_line};
use super::hooks::{HOOK_EVENTS, HOOK_TIMEOUT_SECONDS, HooksConfig, ProfileHooks};
use super::settings::{
    BriefConfig, ClipboardConfig, Config, Graph, NeedsConfig, NetConfig, Osc52, Preview, Profile,
    ThemeConfig, ThemePreset, UiConfig, ViewerConfig,
};
use super::team::TeamConfig;
use super::views::{Handled, SavedViews, VIEW_PANES, View, check_category};
use ratatui::style::Color;
use serde::Deserialize;
use serde_spanned::Spanned;
use std::collections::BTreeMap;
use std::path::Path;
use toml_edit::{Document, TableLike};

/// The file as serde reads it; unknown keys are ignored here and reported by [`unknown_keys`].
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct RawConfig {
    default_profile: Option<Spanned<String>>,
    profiles: BTreeMap<String, RawProfile>,
    ui: RawUi,
    net: RawNet,
    clipboard: RawClipboard,
    viewer: RawViewer,
    needs: RawNeeds,
    brief: RawBrief,
    hooks: RawHooks,
    theme: BTreeMap<String, Spanned<String>>,
    keys: BTreeMap<String, String>,
    views: Vec<Spanned<RawView>>,
    groups: BTreeMap<String, Spanned<Vec<Spanned<String>>>>,
}

/// One `[[views]]` table as written; [`read_views`] checks it.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct RawView {
    name: Option<Spanned<String>>,
    key: Option<String>,
    pane: Option<Spanned<String>>,
    categories: Vec<Spanned<String>>,
    campaign: Option<String>,
    bot: Option<String>,
    since: Option<Spanned<String>>,
    filter: Option<String>,
    sort: Option<String>,
    handled: Option<Spanned<String>>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct RawProfile {
    base_url: Option<Spanned<String>>,
    read_only: bool,
    team: Option<Spanned<RawTeam>>,
    hooks: RawHooks,
    views: Vec<Spanned<RawView>>,
}

/// `[hooks]` or `[profiles.NAME.hooks]`: a command per event, a timeout, `include_text`.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct RawHooks {
    reply_received: Option<String>,
    category_changed: Option<String>,
    meeting_booked: Option<String>,
    meeting_cancelled: Option<String>,
    bot_changed: Option<String>,
    sla_breached: Option<String>,
    opt_out_pending: Option<String>,
    timeout_seconds: Option<Spanned<u64>>,
    include_text: Option<bool>,
}

impl RawHooks {
    /// The commands by event name (in [`HOOK_EVENTS`]' words), the timeout checked.
    fn read(
        self,
        table: &str,
        at: &dyn Fn(std::ops::Range<usize>, String) -> ConfigError,
    ) -> Result<ProfileHooks, ConfigError> {
        let commands = [
            self.reply_received,
            self.category_changed,
            self.meeting_booked,
            self.meeting_cancelled,
            self.bot_changed,
            self.sla_breached,
            self.opt_out_pending,
        ];
        let commands = crate::sorting::map_of(
            (HOOK_EVENTS.iter().zip(commands))
                .filter_map(|(event, command)| Some((event.to_string(), command?))),
        );
        let timeout = match self.timeout_seconds {
            Some(seconds) if !HOOK_TIMEOUT_SECONDS.contains(seconds.get_ref()) => {
                return Err(at(
                    seconds.span(),
                    format!(
                        "{table}.timeout_seconds = {} is out of range: use {} to {} seconds.",
                        seconds.get_ref(),
                        HOOK_TIMEOUT_SECONDS.start(),
                        HOOK_TIMEOUT_SECONDS.end()
                    ),
                ));
            }
            Some(seconds) => Some(std::time::Duration::from_secs(seconds.into_inner())),
            None => None,
        };
        Ok(ProfileHooks { commands, timeout, include_text: self.include_text })
    }
}

#[derive(Debug, Deserialize)]
struct RawTeam {
    database: String,
    me: String,
    organisation: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(default)]
struct RawUi {
    refresh_seconds: u64,
    hyperlinks: bool,
    bell: bool,
    notify: bool,
    graph: Graph,
    preview: Preview,
    seen_after_seconds: Spanned<u32>,
    accessible: bool,
}

impl Default for RawUi {
    fn default() -> Self {
        let UiConfig {
            refresh_seconds,
            hyperlinks,
            bell,
            notify,
            graph,
            preview,
            seen_after_seconds,
            accessible,
        } = UiConfig::default();
        let seen_after_seconds = Spanned::new(0..0, seen_after_seconds);
        RawUi {
            refresh_seconds,
            hyperlinks,
            bell,
            notify,
            graph,
            preview,
            seen_after_seconds,
            accessible,
        }
    }
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct RawClipboard {
    osc52: Osc52,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct RawViewer {
    html: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(default)]
struct RawNeeds {
    unsubscribe_days: Spanned<u32>,
    hot_reply_hours: Spanned<u32>,
}

impl Default for RawNeeds {
    fn default() -> Self {
        let NeedsConfig { unsubscribe_days, hot_reply_hours } = NeedsConfig::default();
        RawNeeds {
            unsubscribe_days: Spanned::new(0..0, unsubscribe_days),
            hot_reply_hours: Spanned::new(0..0, hot_reply_hours),
        }
    }
}

#[derive(Debug, Deserialize)]
#[serde(default)]
struct RawBrief {
    after_hours: Spanned<u32>,
}

impl Default for RawBrief {
    fn default() -> Self {
        RawBrief { after_hours: Spanned::new(0..0, BriefConfig::default().after_hours) }
    }
}

#[derive(Debug, Deserialize)]
#[serde(default)]
struct RawNet {
    timeout_seconds: Spanned<u64>,
}

impl Default for RawNet {
    fn default() -> Self {
        RawNet { timeout_seconds: Spanned::new(0..0, NetConfig::default().timeout_seconds) }
    }
}

const ROOT_KEYS: &[&str] = &[
    "default_profile",
    "profiles",
    "ui",
    "net",
    "clipboard",
    "viewer",
    "needs",
    "brief",
    "hooks",
    "theme",
    "keys",
    "views",
    "groups",
];
const HOOKS_KEYS: &[&str] = &[
    "reply_received",
    "category_changed",
    "meeting_booked",
    "meeting_cancelled",
    "bot_changed",
    "sla_breached",
    "opt_out_pending",
    "timeout_seconds",
    "include_text",
];
const NEEDS_KEYS: &[&str] = &["unsubscribe_days", "hot_reply_hours"];
/// A deadline of more than six weeks of business days, or a month of hours, is a typo.
const UNSUBSCRIBE_DAYS: std::ops::RangeInclusive<u32> = 1..=30;
const HOT_REPLY_HOURS: std::ops::RangeInclusive<u32> = 1..=720;
const BRIEF_KEYS: &[&str] = &["after_hours"];
/// A month away at most; 0 turns the brief off.
const BRIEF_AFTER_HOURS: std::ops::RangeInclusive<u32> = 0..=720;
const NET_KEYS: &[&str] = &["timeout_seconds"];
/// Longer than an hour is a typo, not a patient user; 0 would fail every request.
const TIMEOUT_RANGE: std::ops::RangeInclusive<u64> = 1..=3600;
const PROFILE_KEYS: &[&str] = &["base_url", "read_only", "team", "hooks", "views"];
const VIEW_KEYS: &[&str] =
    &["name", "key", "pane", "categories", "campaign", "bot", "since", "filter", "sort", "handled"];
const TEAM_KEYS: &[&str] = &["database", "me", "organisation"];
const UI_KEYS: &[&str] = &[
    "refresh_seconds",
    "hyperlinks",
    "bell",
    "notify",
    "graph",
    "preview",
    "seen_after_seconds",
    "accessible",
];
/// More than ten minutes in the preview before a reply counts as seen is a typo.
const SEEN_AFTER_SECONDS: std::ops::RangeInclusive<u32> = 0..=600;
const CLIPBOARD_KEYS: &[&str] = &["osc52"];
const VIEWER_KEYS: &[&str] = &["html"];

/// Parses config text read from `path` (named in messages). Returns the config and one
/// warning per key or value that was ignored.
pub fn parse(text: &str, path: &Path) -> Result<(Config, Vec<String>), ConfigError> {
    let at = |span: std::ops::Range<usize>, message: String| {
        let (line, column) = line_and_column(text, span.start);
        ConfigError::Invalid {
            path: path.to_path_buf(),
            line,
            column,
            message,
            source_line: source_line(text, line),
        }
    };
    let invalid = |span: Option<std::ops::Range<usize>>, message: &str| {
        at(span.unwrap_or(0..0), message.trim().trim_end_matches('.').to_string())
    };
    let document = Document::parse(text).map_err(|error| invalid(error.span(), error.message()))?;
    let mut warnings = Vec::new();
    let mut warn = |offset: usize, what: String| {
        let (line, _) = line_and_column(text, offset);
        warnings.push(format!("{}:{line}: {what}", path.display()));
    };
    unknown_keys(document.as_table(), &mut warn);

    let raw = RawConfig::deserialize(toml_edit::de::Deserializer::from(document))
        .map_err(|error| invalid(error.span(), error.message()))?;

    let default_profile = match raw.default_profile {
        Some(name) => {
            super::settings::check_profile_name(name.get_ref())
                .map_err(|error| at(name.span(), error.to_string()))?;
            Some(name.into_inner())
        }
        None => None,
    };
    let mut profiles = BTreeMap::new();
    let mut views = SavedViews::default();
    for (name, profile) in raw.profiles {
        super::settings::check_profile_name(&name).map_err(|error| {
            let offset = text.find(&format!("profiles.{name}")).unwrap_or(0);
            at(offset..offset, error.to_string())
        })?;
        let base_url = match profile.base_url {
            Some(url) => {
                // The https-or-loopback rule waits for resolve, where --allow-http is known.
                crate::api::url::check_base_url(url.get_ref(), true)
                    .map_err(|error| at(url.span(), format!("base_url: {error}")))?;
                Some(url.into_inner())
            }
            None => None,
        };
        let team = match profile.team {
            Some(team) => {
                let span = team.span();
                let RawTeam { database, me, organisation } = team.into_inner();
                // Checked here so a typo is told with its line; the password rule among them.
                super::team::check_database_url(&database).map_err(|problem| {
                    at(span.clone(), format!("profiles.{name}.team.database: {problem}."))
                })?;
                super::team::check_member_name(&me).map_err(|error| {
                    at(span.clone(), format!("profiles.{name}.team.me: {error}."))
                })?;
                let database = database.trim().to_string();
                let organisation = organisation.filter(|name| !name.trim().is_empty());
                Some(TeamConfig { database, me: me.trim().to_string(), organisation })
            }
            None => None,
        };
        let hooks = profile.hooks.read(&format!("profiles.{name}.hooks"), &at)?;
        if !profile.views.is_empty() {
            let read = read_views(profile.views, &format!("profiles.{name}.views"), &at)?;
            views.by_profile.insert(name.clone(), read);
        }
        profiles.insert(name, Profile { base_url, read_only: profile.read_only, team, hooks });
    }
    let timeout = raw.net.timeout_seconds;
    if !TIMEOUT_RANGE.contains(timeout.get_ref()) {
        return Err(at(
            timeout.span(),
            format!(
                "net.timeout_seconds = {} is out of range: use {} to {} seconds.",
                timeout.get_ref(),
                TIMEOUT_RANGE.start(),
                TIMEOUT_RANGE.end()
            ),
        ));
    }
    // Counts with a range: the first outside its range is the error.
    let seen_note = " (0 marks a reply seen as soon as the preview shows it)";
    for (key, value, range, unit, note) in [
        (
            "needs.unsubscribe_days",
            &raw.needs.unsubscribe_days,
            &UNSUBSCRIBE_DAYS,
            "business days",
            "",
        ),
        ("needs.hot_reply_hours", &raw.needs.hot_reply_hours, &HOT_REPLY_HOURS, "hours", ""),
        (
            "brief.after_hours",
            &raw.brief.after_hours,
            &BRIEF_AFTER_HOURS,
            "hours",
            " (0 turns the brief off)",
        ),
        (
            "ui.seen_after_seconds",
            &raw.ui.seen_after_seconds,
            &SEEN_AFTER_SECONDS,
            "seconds",
            seen_note,
        ),
    ] {
        if !range.contains(value.get_ref()) {
            return Err(at(
                value.span(),
                format!(
                    "{key} = {} is out of range: use {} to {} {unit}{note}.",
                    value.get_ref(),
                    range.start(),
                    range.end()
                ),
            ));
        }
    }
    let mut raw_theme = raw.theme;
    let preset = match raw_theme.remove("preset") {
        Some(name) => {
            ThemePreset::named(name.get_ref()).map_err(|message| at(name.span(), message))?
        }
        None => ThemePreset::default(),
    };
    let mut colours = BTreeMap::new();
    for (role, colour) in raw_theme {
        match colour.get_ref().parse::<Color>() {
            Ok(parsed) => {
                colours.insert(role, parsed);
            }
            Err(_) => warn(
                colour.span().start,
                format!(
                    "theme.{role} = \"{}\" is not a colour (use a name like \"cyan\" or \"light-red\", an index 0-255, or \"#rrggbb\"); the default is used.",
                    crate::text::sanitize(colour.get_ref())
                ),
            ),
        }
    }
    let hooks = raw.hooks.read("hooks", &at)?;
    let hooks = HooksConfig::default().with(&hooks);
    views.all = read_views(raw.views, "views", &at)?;
    let groups = super::groups::read(raw.groups, &profiles, &at)?;
    let config = Config {
        groups,
        hooks,
        default_profile,
        profiles,
        ui: UiConfig {
            refresh_seconds: raw.ui.refresh_seconds,
            hyperlinks: raw.ui.hyperlinks,
            bell: raw.ui.bell,
            notify: raw.ui.notify,
            graph: raw.ui.graph,
            preview: raw.ui.preview,
            seen_after_seconds: raw.ui.seen_after_seconds.into_inner(),
            accessible: raw.ui.accessible,
        },
        net: NetConfig { timeout_seconds: timeout.into_inner() },
        clipboard: ClipboardConfig { osc52: raw.clipboard.osc52 },
        viewer: ViewerConfig { html: raw.viewer.html.filter(|command| !command.trim().is_empty()) },
        needs: NeedsConfig {
            unsubscribe_days: raw.needs.unsubscribe_days.into_inner(),
            hot_reply_hours: raw.needs.hot_reply_hours.into_inner(),
        },
        brief: BriefConfig { after_hours: raw.brief.after_hours.into_inner() },
        theme: ThemeConfig { preset, colours },
        keys: raw.keys,
        views,
    };
    Ok((config, warnings))
}

/// Checks `[[views]]` (or a profile's): each has a name of its own, a pane, categories and
/// `handled` from the words there are.
fn read_views(
    raw: Vec<Spanned<RawView>>,
    table: &str,
    at: &dyn Fn(std::ops::Range<usize>, String) -> ConfigError,
) -> Result<Vec<View>, ConfigError> {
    let mut views: Vec<View> = Vec::new();
    for raw in raw {
        let span = raw.span();
        let raw = raw.into_inner();
        let Some(name) = raw.name.filter(|name| !name.get_ref().trim().is_empty()) else {
            return Err(at(span, format!("{table}: a view without a name: add name = \"hot\".")));
        };
        let shown = crate::text::sanitize(name.get_ref().trim());
        if views.iter().any(|view| view.name.eq_ignore_ascii_case(&shown)) {
            return Err(at(
                name.span(),
                format!("{table}: two views are named '{shown}': give each its own name."),
            ));
        }
        let pane = match raw.pane {
            Some(pane) => {
                let word = pane.get_ref().trim().to_lowercase();
                if !VIEW_PANES.contains(&word.as_str()) {
                    return Err(at(
                        pane.span(),
                        format!(
                            "view '{shown}': pane = \"{}\" is no pane: use one of {}.",
                            crate::text::sanitize(pane.get_ref()),
                            VIEW_PANES.join(", ")
                        ),
                    ));
                }
                Some(word)
            }
            None => None,
        };
        let mut categories = Vec::new();
        for category in raw.categories {
            check_category(category.get_ref()).map_err(|problem| {
                at(category.span(), format!("view '{shown}': categories: {problem}."))
            })?;
            categories.push(category.into_inner().trim().to_string());
        }
        let handled = match raw.handled {
            Some(handled) => Some(match handled.get_ref().trim().to_lowercase().as_str() {
                "shown" | "show" => Handled::Shown,
                "hidden" | "hide" => Handled::Hidden,
                _ => {
                    return Err(at(
                        handled.span(),
                        format!(
                            "view '{shown}': handled = \"{}\" is neither: use \"shown\" or \"hidden\".",
                            crate::text::sanitize(handled.get_ref())
                        ),
                    ));
                }
            }),
            None => None,
        };
        // A day's form is checked now (what day it names depends on the day it is applied).
        if let Some(since) = &raw.since
            && !since.get_ref().trim().is_empty()
        {
            let any_day = chrono::NaiveDate::from_ymd_opt(2026, 1, 1).unwrap_or_default();
            crate::clock::days::parse_day(since.get_ref(), any_day).map_err(|problem| {
                at(
                    since.span(),
                    format!("view '{shown}': since: {}.", crate::text::sanitize(&problem)),
                )
            })?;
        }
        let words =
            |text: Option<String>| text.map(|t| t.trim().to_string()).filter(|t| !t.is_empty());
        views.push(View {
            name: shown,
            key: words(raw.key),
            pane,
            categories,
            campaign: words(raw.campaign),
            bot: words(raw.bot),
            since: words(raw.since.map(Spanned::into_inner)),
            filter: words(raw.filter),
            sort: words(raw.sort),
            handled,
        });
    }
    Ok(views)
}

/// Reports every key the schema does not know, by the line it is on. Tables written inline
/// (`ui = { bell = false }`) are checked as headed ones are.
fn unknown_keys(root: &dyn TableLike, warn: &mut impl FnMut(usize, String)) {
    check_keys(root, "", ROOT_KEYS, warn);
    if let Some(profiles) = table(root, "profiles") {
        for (name, profile) in profiles.iter() {
            if let Some(profile) = profile.as_table_like() {
                let prefix = format!("profiles.{name}.");
                check_keys(profile, &prefix, PROFILE_KEYS, warn);
                if let Some(team) = table(profile, "team") {
                    check_keys(team, &format!("{prefix}team."), TEAM_KEYS, warn);
                }
                if let Some(hooks) = table(profile, "hooks") {
                    check_keys(hooks, &format!("{prefix}hooks."), HOOKS_KEYS, warn);
                }
                view_keys(profile, &format!("{prefix}views."), warn);
            }
        }
    }
    view_keys(root, "views.", warn);
    for (name, known) in [
        ("ui", UI_KEYS),
        ("net", NET_KEYS),
        ("clipboard", CLIPBOARD_KEYS),
        ("viewer", VIEWER_KEYS),
        ("needs", NEEDS_KEYS),
        ("brief", BRIEF_KEYS),
        ("hooks", HOOKS_KEYS),
    ] {
        if let Some(inner) = table(root, name) {
            check_keys(inner, &format!("{name}."), known, warn);
        }
    }
}

/// Each `[[views]]` table under `parent`, headed or inline.
fn view_keys(parent: &dyn TableLike, prefix: &str, warn: &mut impl FnMut(usize, String)) {
    let Some(item) = parent.get("views") else { return };
    if let Some(tables) = item.as_array_of_tables() {
        for view in tables.iter() {
            check_keys(view, prefix, VIEW_KEYS, warn);
        }
    } else if let Some(array) = item.as_array() {
        for view in array.iter().filter_map(|value| value.as_inline_table()) {
            check_keys(view, prefix, VIEW_KEYS, warn);
        }
    }
}

/// The table under `key`, headed or inline.
fn table<'a>(parent: &'a dyn TableLike, key: &str) -> Option<&'a dyn TableLike> {
    parent.get(key)?.as_table_like()
}

fn check_keys(
    table: &dyn TableLike,
    prefix: &str,
    known: &[&str],
    warn: &mut impl FnMut(usize, String),
) {
    for (key, _) in table.iter() {
        if !known.contains(&key) {
            let offset = table.key(key).and_then(|key| key.span()).map_or(0, |span| span.start);
            warn(
                offset,
                format!(
                    "unknown key `{prefix}{}` ignored (known here: {}).",
                    crate::text::sanitize(key),
                    known.join(", ")
                ),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_str(text: &str) -> Result<(Config, Vec<String>), ConfigError> {
        parse(text, Path::new("/home/u/.config/outreach/config.toml"))
    }

    /// Each text is refused with its line and a message holding the words given.
    fn refused_at_their_line(cases: &[(&str, usize, &str)]) {
        for &(text, line, needle) in cases {
            let error = parse_str(text).unwrap_err();
            let ConfigError::Invalid { line: got, .. } = &error else { panic!("{error:?}") };
            assert_eq!(*got, line, "{text:?}: {error}");
            let message = error.to_string();
            assert!(message.contains("config.toml, line"), "{message}");
            assert!(message.contains(needle), "{text:?}: {message}");
        }
    }

    #[test]
    fn reads_every_documented_key() {
        let (config, warnings) = parse_str(
            r##"
default_profile = "acme"
[profiles.acme]
base_url = "https://api.acme.example"
read_only = true
[profiles.local]
base_url = "http://127.0.0.1:8900"
[profiles.local.hooks]
reply_received = "./crm.sh"
[hooks]
reply_received = "notify-send reply"
bot_changed = "notify-send bot"
timeout_seconds = 3
include_text = true
[ui]
refresh_seconds = 30
hyperlinks = false
graph = "ascii"
[net]
timeout_seconds = 45
[clipboard]
osc52 = "always"
[viewer]
html = "w3m -T text/html -dump"
[needs]
unsubscribe_days = 5
hot_reply_hours = 4
[brief]
after_hours = 12
[theme]
accent = "light-cyan"
warning = "#ffaa00"
[keys]
quit = "q"
"##,
        )
        .unwrap();
        assert!(warnings.is_empty(), "{warnings:?}");
        assert_eq!(config.default_profile.as_deref(), Some("acme"));
        assert_eq!(
            config.profile("acme"),
            Profile {
                base_url: Some("https://api.acme.example".into()),
                read_only: true,
                team: None,
                hooks: ProfileHooks::default(),
            }
        );
        assert_eq!(config.hooks.command("reply_received"), Some("notify-send reply"));
        assert_eq!(config.hooks.timeout, std::time::Duration::from_secs(3));
        assert!(config.hooks.include_text);
        let local = config.hooks_for("local");
        assert_eq!(local.command("reply_received"), Some("./crm.sh"));
        assert_eq!(local.command("bot_changed"), Some("notify-send bot"));
        let error = parse_str("[hooks]\ntimeout_seconds = 0\n").unwrap_err().to_string();
        assert!(error.contains("hooks.timeout_seconds = 0 is out of range"), "{error}");
        let (_, warnings) = parse_str("[hooks]\nreply_recieved = \"x\"\n").unwrap();
        assert!(warnings[0].contains("unknown key `hooks.reply_recieved`"), "{warnings:?}");
        assert!(!config.profile("local").read_only);
        assert_eq!(config.profile("missing"), Profile::default());
        assert_eq!(config.ui.refresh_seconds, 30);
        assert_eq!(config.net.timeout(), std::time::Duration::from_secs(45));
        assert!(!config.ui.hyperlinks);
        assert_eq!(config.ui.graph, Graph::Ascii);
        assert_eq!(Config::default().ui.graph, Graph::Block);
        let error = parse_str("[ui]\ngraph = \"dots\"\n").unwrap_err().to_string();
        assert!(error.contains("braille") && error.contains("ascii"), "{error}");
        assert_eq!(config.clipboard.osc52, Osc52::Always);
        assert_eq!(config.viewer.html.as_deref(), Some("w3m -T text/html -dump"));
        assert_eq!(config.theme.colours["accent"], Color::LightCyan);
        assert_eq!(config.theme.colours["warning"], Color::Rgb(0xff, 0xaa, 0x00));
        assert_eq!(config.theme.preset, ThemePreset::Dark, "the look it always had");
        let (light, warnings) =
            parse_str("[theme]\npreset = \"light\"\nlink = \"blue\"\n").unwrap();
        assert!(warnings.is_empty(), "the preset is no colour: {warnings:?}");
        assert_eq!(light.theme.preset, ThemePreset::Light);
        assert_eq!(light.theme.colours.keys().collect::<Vec<_>>(), ["link"]);
        let error = parse_str("[ui]\n[theme]\npreset = \"solarised\"\n").unwrap_err().to_string();
        assert!(error.contains("line 3"), "{error}");
        assert!(
            error.contains("\"auto\", \"ansi\", \"high-contrast\", \"dark\", \"light\""),
            "{error}"
        );
        assert_eq!(config.keys["quit"], "q");
        assert_eq!(config.needs, NeedsConfig { unsubscribe_days: 5, hot_reply_hours: 4 });
        assert_eq!(config.brief.after(), Some(chrono::Duration::hours(12)));
        let (off, _) = parse_str("[brief]\nafter_hours = 0\n").unwrap();
        assert_eq!(off.brief.after(), None, "0 turns it off");
        assert_eq!(Config::default().brief.after_hours, 8);
        let error = parse_str("[brief]\nafter_hours = 1000\n").unwrap_err().to_string();
        assert!(
            error.contains("brief.after_hours = 1000 is out of range: use 0 to 720"),
            "{error}"
        );
        let error = parse_str("[needs]\nunsubscribe_days = 0\n").unwrap_err().to_string();
        assert!(
            error.contains("needs.unsubscribe_days = 0 is out of range: use 1 to 30"),
            "{error}"
        );
    }

    #[test]
    fn unknown_keys_and_bad_colours_warn_with_their_line() {
        let (config, warnings) = parse_str(
            "colour = 1\n[profiles.acme]\nbse_url = \"https://x.example\"\n[ui]\nrefresh = 5\n[theme]\naccent = \"chartreuse-ish\"\n",
        )
        .unwrap();
        assert_eq!(warnings.len(), 4, "{warnings:?}");
        assert!(warnings[0].ends_with("config.toml:1: unknown key `colour` ignored (known here: default_profile, profiles, ui, net, clipboard, viewer, needs, brief, hooks, theme, keys, views, groups)."), "{}", warnings[0]);
        assert!(warnings.iter().any(|w| w.contains(":3: unknown key `profiles.acme.bse_url`")));
        assert!(warnings.iter().any(|w| w.contains(":5: unknown key `ui.refresh`")));
        assert!(
            warnings
                .iter()
                .any(|w| w.contains(":7: theme.accent = \"chartreuse-ish\" is not a colour"))
        );
        assert_eq!(config.profile("acme").base_url, None);
        assert!(config.theme.colours.is_empty());
    }

    #[test]
    fn a_team_table_is_read_and_a_password_in_it_refused() {
        let (config, warnings) = parse_str(
            "[profiles.acme.team]\ndatabase = \"postgres://ann@db.example/team\"\nme = \" ann \"\nnick = 1\n",
        )
        .unwrap();
        let team = config.profile("acme").team.unwrap();
        assert_eq!(
            (team.database.as_str(), team.me.as_str()),
            ("postgres://ann@db.example/team", "ann")
        );
        assert!(warnings[0].contains("unknown key `profiles.acme.team.nick`"), "{warnings:?}");
        let error = parse_str(
            "[profiles.acme.team]\ndatabase = \"postgres://ann:hunter2@db/team\"\nme = \"ann\"\n",
        )
        .unwrap_err()
        .to_string();
        assert!(error.contains("never kept in the config file"), "{error}");
        assert!(!error.contains("hunter2: "), "{error}");
    }

    #[test]
    fn broken_files_name_the_line_and_the_problem() {
        let cases = [
            ("[profiles.acme]\nread_only = \"yes\"\n", 2, "boolean"),
            ("default_profile = \"acme\"\n[ui\n", 2, ""),
            ("[profiles.acme]\nbase_url = \"ftp://x.example\"\n", 2, "scheme must be https"),
            ("\n\ndefault_profile = \"a b\"\n", 3, "not a usable profile name"),
            ("[ui]\nrefresh_seconds = -1\n", 2, ""),
            ("[net]\ntimeout_seconds = 0\n", 2, "use 1 to 3600 seconds"),
        ];
        refused_at_their_line(&cases);
    }

    #[test]
    fn the_example_file_documents_only_real_keys() {
        // Uncomment every line that holds a table header or a key, and read the result.
        let example = include_str!("../../assets/config.example.toml");
        let uncommented: String = example
            .lines()
            .filter_map(|line| line.strip_prefix("# "))
            .filter(|line| {
                line.starts_with('[')
                    || line.split_once(" = ").is_some_and(|(k, _)| !k.contains(' '))
            })
            .map(|line| format!("{line}\n"))
            .collect();
        let (config, warnings) = parse_str(&uncommented).unwrap();
        assert!(warnings.is_empty(), "{warnings:?}\n{uncommented}");
        assert_eq!(config.default_profile.as_deref(), Some("acme-prod"));
        assert!(config.profile("acme-prod").read_only);
        let team = config.profile("acme-prod").team.unwrap();
        assert_eq!((team.me.as_str(), team.organisation.as_deref()), ("ann", Some("Acme")));
        assert_eq!(config.profile("local").base_url.as_deref(), Some("http://127.0.0.1:8900"));
        assert_eq!(config.ui.refresh_seconds, 60);
        assert!(config.ui.hyperlinks);
        assert_eq!(config.clipboard.osc52, Osc52::Auto);
        assert_eq!(config.viewer.html.as_deref(), Some("w3m -T text/html -dump"));
        assert_eq!(config.net.timeout_seconds, 20);
        assert_eq!(config.brief.after_hours, 8);
        assert_eq!(config.theme.colours.len(), 5);
        assert_eq!(config.keys.len(), 65, "every action the keymap can rebind");
        assert_eq!((config.ui.preview, config.ui.seen_after_seconds), (Preview::Auto, 3));
        let hot = config.views.find(None, "hot").unwrap();
        assert_eq!((hot.key.as_deref(), hot.categories.len()), (Some("f5"), 2));
    }

    #[test]
    fn views_are_read_for_all_and_per_profile_and_bad_values_named() {
        let (config, warnings) = parse_str(
            r#"
[[views]]
name = "hot"
key = "gh"
categories = ["interested", "referral"]
campaign = "Q3 Fintech"
since = "-7d"
filter = "cto"
sort = "age:desc"
handled = "hidden"
[[views]]
name = "bots"
pane = "Bots"
colour = "red"
[[profiles.acme.views]]
name = "hot"
bot = "Ann"
handled = "shown"
"#,
        )
        .unwrap();
        assert_eq!(warnings.len(), 1, "{warnings:?}");
        assert!(warnings[0].contains(":14: unknown key `views.colour`"), "{warnings:?}");
        let hot = config.views.find(None, "hot").unwrap();
        assert_eq!(hot.categories, ["interested", "referral"]);
        assert_eq!(
            (hot.key.as_deref(), hot.campaign.as_deref(), hot.since.as_deref()),
            (Some("gh"), Some("Q3 Fintech"), Some("-7d"))
        );
        assert_eq!((hot.sort.as_deref(), hot.handled), (Some("age:desc"), Some(Handled::Hidden)));
        assert_eq!(config.views.find(None, "bots").unwrap().pane.as_deref(), Some("bots"));
        let acme = config.views.find(Some("acme"), "hot").unwrap();
        assert_eq!((acme.bot.as_deref(), acme.handled), (Some("Ann"), Some(Handled::Shown)));
        let cases = [
            (
                "[[views]]\nname = \"x\"\npane = \"inbox\"\n",
                3,
                "view 'x': pane = \"inbox\" is no pane: use one of overview, campaigns, exchanges, meetings, bots, contacts.",
            ),
            (
                "[[views]]\nname = \"x\"\ncategories = [\"hott\"]\n",
                3,
                "view 'x': categories: 'hott' is no category: use interested",
            ),
            (
                "[[views]]\nname = \"x\"\nhandled = \"maybe\"\n",
                3,
                "handled = \"maybe\" is neither: use \"shown\" or \"hidden\"",
            ),
            ("[[views]]\nfilter = \"x\"\n", 1, "a view without a name"),
            ("[[views]]\nname = \"x\"\n[[views]]\nname = \"X\"\n", 4, "two views are named 'X'"),
            ("[[profiles.a.views]]\nname = \"x\"\npane = \"no\"\n", 3, "is no pane"),
            (
                "[[views]]\nname = \"week\"\nsince = \"last week\"\n",
                3,
                "view 'week': since: 'last week' is not a date; use YYYY-MM-DD, today, yesterday, tomorrow, -7d or +7d.",
            ),
            (
                "[[profiles.a.views]]\nname = \"x\"\nsince = \"-0d\"\n",
                3,
                "view 'x': since: '-0d' counts no day",
            ),
        ];
        refused_at_their_line(&cases);
    }

    #[test]
    fn the_preview_and_when_a_reply_in_it_is_seen_are_read_and_checked() {
        let (config, _) =
            parse_str("[ui]\npreview = \"bottom\"\nseen_after_seconds = 0\n").unwrap();
        assert_eq!((config.ui.preview, config.ui.seen_after_seconds), (Preview::Bottom, 0));
        let (config, _) = parse_str("").unwrap();
        assert_eq!((config.ui.preview, config.ui.seen_after_seconds), (Preview::Auto, 3));
        let wrong = parse_str("[ui]\npreview = \"left\"\n").unwrap_err().to_string();
        assert!(
            wrong.contains("line 2") && wrong.contains("`auto`, `right`, `bottom`, `off`"),
            "{wrong}"
        );
        let long = parse_str("[ui]\nseen_after_seconds = 9999\n").unwrap_err().to_string();
        assert!(
            long.contains("ui.seen_after_seconds = 9999 is out of range: use 0 to 600"),
            "{long}"
        );
    }

    #[test]
    fn the_line_mode_is_asked_for_by_ui_accessible() {
        let (config, _) = parse_str("[ui]\naccessible = true\n").unwrap();
        assert!(config.ui.accessible);
        assert!(!parse_str("").unwrap().0.ui.accessible, "off unless asked");
        let wrong = parse_str("[ui]\naccessible = \"yes\"\n").unwrap_err().to_string();
        assert!(wrong.contains("line 2") && wrong.contains("expected a boolean"), "{wrong}");
    }
}
