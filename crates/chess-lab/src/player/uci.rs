//! A player that is a UCI engine process: started and set up from its spec, and a search that
//! another thread can stop.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use chess_core::Color;
use chess_engine::uci::{BestMove, Client, ClientError, Info, UNTIMED_SEARCH_TIMEOUT};
use chess_engine::{Control, Limits};

use super::error::PlayerError;
use super::spec::{Host, PlayerSpec};

/// How often a search waited on looks at its stop flag.
const STOP_POLL: Duration = Duration::from_millis(50);

/// How long an engine is given to answer the handshake.
const START_TIMEOUT: Duration = Duration::from_secs(30);

/// `spec`'s process as `host` drives it: started (the built-in engine as `builtin`, see
/// [`PlayerSpec::command`]), with the handshake and the options its settings give
/// ([`PlayerSpec::process_options`]), waiting up to 30 seconds for it to answer.
pub(crate) fn spawn_client(
    spec: &PlayerSpec,
    builtin: Option<&(PathBuf, Vec<String>)>,
    host: Host,
) -> Result<Client, PlayerError> {
    let options = spec.process_options(host)?;
    let command = spec.command(builtin)?;
    let mut client = Client::spawn_command_with_timeout(command, START_TIMEOUT)?;
    for (name, value) in &options {
        client.set_option(name, Some(value))?;
    }
    client.is_ready()?;
    Ok(client)
}

/// `go` with `limits` for the position last sent (whose side to move is `turn`), sending
/// `stop` as soon as `control` is stopped; returns the engine's answer (its best move so
/// far, when stopped). It waits as [`Client::go`] does: for the time the limits give the
/// engine and the client's timeout after it, or [`UNTIMED_SEARCH_TIMEOUT`] without a time
/// limit.
pub(crate) fn go_until_stopped(
    client: &mut Client,
    turn: Color,
    limits: &Limits,
    control: &Control,
    mut on_info: impl FnMut(&Info),
) -> Result<BestMove, ClientError> {
    client.start(limits)?;
    let budget = match (limits.movetime, limits.clock.and_then(|c| c.time(turn))) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    };
    let waited = budget.map_or(UNTIMED_SEARCH_TIMEOUT, |b| {
        b.saturating_add(client.timeout())
    });
    let deadline = Instant::now() + waited;
    let mut stopped = false;
    loop {
        match client.wait(STOP_POLL, &mut on_info) {
            Err(ClientError::Timeout { .. }) if Instant::now() < deadline => {
                if !stopped && control.is_stopped() {
                    client.stop()?;
                    stopped = true;
                }
            }
            Err(ClientError::Timeout { expected, .. }) => {
                return Err(ClientError::Timeout { expected, waited });
            }
            answer => return answer,
        }
    }
}
