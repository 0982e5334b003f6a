//! Steps any solver under commands (start, pause, step, swap generator, stop)
//! and emits coalesced snapshots.
