// Fives sounds, generated in the browser with WebAudio: a short click when a tile is placed and
// a two-note chime when it is your turn. Off unless the player turns it on (kept per browser).
/** @type {AudioContext | null} */
let ctx = null;
let on = false;
try { on = localStorage.getItem("fives.sound") === "on"; } catch (e) { on = false; }

function audio() {
  if (!ctx) {
    const Ctx = window.AudioContext || /** @type {any} */ (window).webkitAudioContext;
    if (!Ctx) return null;
    ctx = new Ctx();
  }
  if (ctx.state === "suspended") ctx.resume();
  return ctx;
}

/**
 * @param {number} freq
 * @param {number} start
 * @param {number} length
 * @param {number} level
 * @param {OscillatorType} type
 */
function tone(freq, start, length, level, type) {
  const a = audio();
  if (!a) return;
  const t0 = a.currentTime + start;
  const osc = a.createOscillator();
  const gain = a.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, t0);
  gain.gain.setValueAtTime(0.0001, t0);
  gain.gain.exponentialRampToValueAtTime(level, t0 + 0.005);
  gain.gain.exponentialRampToValueAtTime(0.0001, t0 + length);
  osc.connect(gain).connect(a.destination);
  osc.start(t0);
  osc.stop(t0 + length + 0.02);
}

export const sound = {
  get enabled() { return on; },
  /** @param {boolean} value */
  set(value) {
    on = Boolean(value);
    try { localStorage.setItem("fives.sound", on ? "on" : "off"); } catch (e) { /* private */ }
    if (on) audio(); // a click on the toggle is the gesture that lets audio start
  },
  click() { if (on) tone(1800, 0, 0.04, 0.25, "square"); },
  chime() {
    if (!on) return;
    tone(880, 0, 0.35, 0.2, "sine");
    tone(1320, 0.12, 0.45, 0.15, "sine");
  },
};
