/**
 * Renders the seed films' stand-in footage: a short WebM (VP9 + Opus) per film
 * with its title, and WebVTT captions with its title and description. The output
 * is committed under host/public/media/films/, so running the site needs no
 * ffmpeg; run this again (`node --import tsx scripts/make-films.ts`) after
 * changing the seed films.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { readSeed } from '../backend/seed';

const { films } = readSeed();

const OUT = 'host/public/media/films';
const FONT = '/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc';
const SECONDS = 6;
const PALETTE = [
  ['0x0e42b3', '0x00a870'],
  ['0x1d2129', '0x1664ff'],
  ['0x0f5132', '0x0e42b3'],
];

const vttTime = (s: number) => `00:00:${String(s).padStart(2, '0')}.000`;
const drawtextEscape = (text: string) => text.replace(/[\\':]/g, (c) => `\\${c}`);

mkdirSync(OUT, { recursive: true });
films.forEach((film, index) => {
  const [c0, c1] = PALETTE[index % PALETTE.length] as [string, string];
  execFileSync('ffmpeg', [
    ...['-y', '-loglevel', 'error'],
    ...['-f', 'lavfi', '-i', `gradients=s=640x360:c0=${c0}:c1=${c1}:duration=${SECONDS}:speed=0.02,format=yuv420p`],
    ...['-f', 'lavfi', '-i', `sine=frequency=${196 + index * 22}:duration=${SECONDS}`],
    '-vf',
    `drawtext=fontfile=${FONT}:text='${drawtextEscape(film.title)}':fontcolor=white:fontsize=36:x=(w-text_w)/2:y=(h-text_h)/2`,
    ...['-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '50', '-deadline', 'good', '-cpu-used', '4'],
    ...['-c:a', 'libopus', '-b:a', '16k', '-shortest', '-map_metadata', '-1', '-fflags', '+bitexact'],
    `${OUT}/${film.name}.webm`,
  ]);
  writeFileSync(
    `${OUT}/${film.name}.vtt`,
    `WEBVTT\n\n${vttTime(0)} --> ${vttTime(2)}\n${film.title}\n\n${vttTime(2)} --> ${vttTime(SECONDS)}\n${film.description}\n`,
  );
});
console.log(`${films.length} films written to ${OUT}`);
