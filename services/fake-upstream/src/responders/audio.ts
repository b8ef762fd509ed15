// Audio: text-to-speech answers bytes; transcriptions and translations read a multipart form
// and answer JSON (or text, SRT, VTT) the way Whisper does.
import type { Exchange } from '../exchange';
import { invalidRequest } from '../errors';
import { sendBody, sendJson } from '../reply';
import type { FakeFile } from '../types';
import { DEFAULT_TEXT } from './text';

/** Length of the audio `POST /v1/audio/speech` answers. */
export const SPEECH_BYTES = 2048;

const SPEECH_FORMATS: Readonly<Record<string, { type: string; magic: string }>> = {
  mp3: { type: 'audio/mpeg', magic: 'ID3' },
  opus: { type: 'audio/ogg', magic: 'OggS' },
  aac: { type: 'audio/aac', magic: '\xff\xf1' },
  flac: { type: 'audio/flac', magic: 'fLaC' },
  wav: { type: 'audio/wav', magic: 'RIFF' },
  pcm: { type: 'audio/pcm', magic: '' },
};

// One buffer per format, built on first use: the audio does not depend on the text.
const speech = new Map<string, Buffer>();

function speechBytes(format: string): Buffer {
  let bytes = speech.get(format);
  if (bytes === undefined) {
    bytes = Buffer.alloc(SPEECH_BYTES);
    bytes.write(SPEECH_FORMATS[format]!.magic, 'latin1');
    for (let i = 16; i < SPEECH_BYTES; i++) bytes[i] = (i * 31) & 0xff;
    speech.set(format, bytes);
  }
  return bytes;
}

/** `POST /v1/audio/speech`: {@link SPEECH_BYTES} bytes of the requested format (default mp3). */
export function respondSpeech(x: Exchange): void {
  const { input, response_format: requested } = x.body;
  if (typeof input !== 'string' || input === '') {
    sendJson(x.res, 400, invalidRequest("Missing required parameter: 'input'.", 'input', 'missing_required_parameter'));
    return;
  }
  const format = requested === undefined ? 'mp3' : String(requested);
  const known = SPEECH_FORMATS[format];
  if (known === undefined) {
    sendJson(x.res, 400, invalidRequest(`Invalid 'response_format': '${format}'.`, 'response_format'));
    return;
  }
  sendBody(x.res, x.status, speechBytes(format), known.type);
}

const TEXT = 'text/plain; charset=utf-8';

const isFile = (value: unknown): value is FakeFile =>
  typeof value === 'object' && value !== null && typeof (value as FakeFile).size === 'number';

const timestamp = (seconds: number, separator: string): string => {
  const ms = Math.round(seconds * 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const [h, m, s] = [Math.floor(ms / 3_600_000), Math.floor(ms / 60_000) % 60, Math.floor(ms / 1000) % 60];
  return `${pad(h)}:${pad(m)}:${pad(s)}${separator}${pad(ms % 1000, 3)}`;
};

/**
 * `POST /v1/audio/transcriptions` and `/translations`. The audio lasts one second per 16 000
 * bytes of the file (at least 0.1 s); `response_format` may be json (default), text, srt, vtt or
 * verbose_json.
 */
export function respondTranscription(x: Exchange): void {
  const { file, response_format: requested, language } = x.body;
  if (!isFile(file)) {
    sendJson(x.res, 400, invalidRequest("Missing required parameter: 'file'.", 'file', 'missing_required_parameter'));
    return;
  }
  const text = x.behaviour.text ?? DEFAULT_TEXT;
  const duration = Math.max(0.1, Math.round((file.size / 16_000) * 100) / 100);
  const format = requested === undefined ? 'json' : String(requested);
  switch (format) {
    case 'json':
      sendJson(x.res, x.status, {
        text,
        usage: x.behaviour.usage === 'none' ? undefined : { type: 'duration', seconds: Math.ceil(duration) },
      });
      return;
    case 'text':
      sendBody(x.res, x.status, `${text}\n`, TEXT);
      return;
    case 'srt':
      sendBody(x.res, x.status, `1\n${timestamp(0, ',')} --> ${timestamp(duration, ',')}\n${text}\n\n`, TEXT);
      return;
    case 'vtt':
      sendBody(x.res, x.status, `WEBVTT\n\n${timestamp(0, '.')} --> ${timestamp(duration, '.')}\n${text}\n\n`, TEXT);
      return;
    case 'verbose_json':
      sendJson(x.res, x.status, {
        task: x.endpoint === 'translations' ? 'translate' : 'transcribe',
        language: x.endpoint === 'translations' ? 'english' : typeof language === 'string' ? language : 'english',
        duration,
        text,
        segments: [
          {
            id: 0,
            seek: 0,
            start: 0,
            end: duration,
            text,
            tokens: [],
            temperature: 0,
            avg_logprob: -0.2,
            compression_ratio: 1,
            no_speech_prob: 0.01,
          },
        ],
      });
      return;
    default:
      sendJson(x.res, 400, invalidRequest(`Invalid 'response_format': '${format}'.`, 'response_format'));
  }
}
