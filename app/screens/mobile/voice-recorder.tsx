import { useCallback, useEffect, useRef, useState } from "react";
import { useHydrated } from "~/components/use-hydrated";
import { buttonClass } from "~/components/forms";
import { useToast } from "~/components/toaster";

export type Recording = { blob: Blob; seconds: number };

/** audio/webm where the browser records it (SPEC.md section 9), else what it records by default (mp4, ogg). */
function recorderType() {
  for (const type of ["audio/webm;codecs=opus", "audio/webm", "audio/ogg;codecs=opus", "audio/mp4"]) {
    if (MediaRecorder.isTypeSupported(type)) return type;
  }
  return "";
}

/** Whether this browser can record at all (a microphone API and MediaRecorder), known once hydrated. */
function canRecord() {
  return (
    typeof window !== "undefined" &&
    !!navigator.mediaDevices?.getUserMedia &&
    typeof MediaRecorder !== "undefined"
  );
}

/**
 * The voice recorder's states (SPEC.md section 4): idle, recording (the microphone on, the seconds counting),
 * recorded (play, pause, discard, re-record). The recording stays in the page until the note is saved.
 */
export function useVoiceRecorder() {
  const showToast = useToast();
  const [state, setState] = useState<"idle" | "recording" | "recorded">("idle");
  const [seconds, setSeconds] = useState(0);
  const [recording, setRecording] = useState<Recording | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const startedAt = useRef(0);
  const ticker = useRef<number>();
  const starting = useRef(false);

  const stopTracks = () => recorder.current?.stream.getTracks().forEach((track) => track.stop());
  useEffect(
    () => () => {
      window.clearInterval(ticker.current);
      stopTracks();
    },
    [],
  );

  const start = useCallback(async () => {
    // One recording at a time: a second tap while the browser is still asking for the microphone does nothing.
    if (starting.current || recorder.current?.state === "recording") return;
    starting.current = true;
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      starting.current = false;
      showToast({ type: "error", title: "Error", description: "Could not access microphone" });
      return;
    }
    const type = recorderType();
    const media = new MediaRecorder(stream, type ? { mimeType: type } : undefined);
    const chunks: Blob[] = [];
    media.ondataavailable = (event) => {
      if (event.data.size) chunks.push(event.data);
    };
    // The length from the recorder's own start and stop (not from Record to Stop, which also counts the
    // microphone's start: rounded up, that labelled a note '(3s)' that played as 0:02), in whole seconds
    // counted down as the player counts them. Not by decoding the audio: a long take decodes to hundreds of MB.
    let recordingFrom = 0;
    media.onstart = (event) => (recordingFrom = event.timeStamp);
    media.onstop = (event) => {
      window.clearInterval(ticker.current);
      stream.getTracks().forEach((track) => track.stop());
      const blob = new Blob(chunks, { type: media.mimeType || type || "audio/webm" });
      const length = Math.floor(Math.max(0, event.timeStamp - recordingFrom) / 1000);
      setRecording({ blob, seconds: length });
      setSeconds(length);
      setState("recorded");
    };
    recorder.current = media;
    startedAt.current = Date.now();
    setSeconds(0);
    setRecording(null);
    media.start();
    starting.current = false;
    setState("recording");
    ticker.current = window.setInterval(
      () => setSeconds(Math.floor((Date.now() - startedAt.current) / 1000)),
      250,
    );
  }, [showToast]);

  const stop = useCallback(() => recorder.current?.state === "recording" && recorder.current.stop(), []);

  const discard = useCallback(() => {
    setRecording(null);
    setSeconds(0);
    setState("idle");
  }, []);

  return { state, seconds, recording, start, stop, discard };
}

/** The recorder's controls; it says plainly when this browser cannot record. */
export function VoiceRecorder({ recorder }: { recorder: ReturnType<typeof useVoiceRecorder> }) {
  const hydrated = useHydrated();
  const [playing, setPlaying] = useState(false);
  const audio = useRef<HTMLAudioElement>(null);
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    // A new recording, or none: whatever played is gone with its audio element.
    setPlaying(false);
    if (!recorder.recording) return setUrl(null);
    const objectUrl = URL.createObjectURL(recorder.recording.blob);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [recorder.recording]);

  if (!hydrated || !canRecord()) {
    return (
      <p className="rounded-md bg-slate-100 p-3 text-sm text-slate-700">
        Voice notes need JavaScript and a browser that can use the microphone. A text note works here as it
        is.
      </p>
    );
  }
  const { state, seconds } = recorder;
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700" aria-live="polite">
        {state === "recording"
          ? `Recording… ${seconds}s`
          : state === "recorded"
            ? `Voice note: ${seconds}s`
            : "No recording"}
      </p>
      <div className="flex flex-wrap gap-2">
        {state === "idle" ? (
          <button type="button" className={buttonClass.secondary} onClick={recorder.start}>
            Record
          </button>
        ) : null}
        {state === "recording" ? (
          <button type="button" className={buttonClass.danger} onClick={recorder.stop}>
            Stop
          </button>
        ) : null}
        {state === "recorded" && url ? (
          <>
            <audio
              ref={audio}
              src={url}
              onPlay={() => setPlaying(true)}
              onPause={() => setPlaying(false)}
              onEnded={() => setPlaying(false)}
              aria-label="Your recording"
            />
            <button
              type="button"
              className={buttonClass.secondary}
              onClick={() => (playing ? audio.current?.pause() : void audio.current?.play())}
            >
              {playing ? "Pause" : "Play"}
            </button>
            <button type="button" className={buttonClass.secondary} onClick={recorder.discard}>
              Discard
            </button>
            <button
              type="button"
              className={buttonClass.secondary}
              onClick={() => {
                recorder.discard();
                void recorder.start();
              }}
            >
              Re-record
            </button>
          </>
        ) : null}
      </div>
    </div>
  );
}
