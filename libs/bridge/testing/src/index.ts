// Test support for the terminal bridge: private tmux servers, byte recorders, and the bridge
// booted with the official OpenAI client pointed at it.
export { type BridgeUnderTest, FAST_TIMINGS, startBridge } from './bridge-under-test';
export { Recorder, TEST_SHELL_COMMAND, TmuxTestServer } from './tmux-test-server';
