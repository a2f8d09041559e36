// The app and its user for `npm run screenshots` (scripts/screenshots.ts): the server's port, a user signed up
// through the outbox's code, and a small library of recordings, photos, videos, albums and a shared link.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { resolveFfmpeg } from '../server/media/processing/ffmpeg.ts';
import { realisticPhotos } from '../tests/support/realistic-photos.ts';

export const port = Number(process.env.SCREENSHOTS_PORT ?? 3297);
export const base = `http://127.0.0.1:${port}`;

export async function waitForServer(): Promise<void> {
  const until = Date.now() + 240_000;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${base}/api/health/`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not start');
}

async function api<T>(pathName: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
  if (typeof init.body === 'string') headers.set('Content-Type', 'application/json');
  const res = await fetch(`${base}/api/${pathName}`, { ...init, headers });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${pathName}: ${res.status} ${await res.text()}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

function codeFromOutbox(dataDir: string, to: string): string | null {
  const dir = path.join(dataDir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(dir).sort().reverse();
  } catch {
    return null;
  }
  for (const f of files) {
    const text = readFileSync(path.join(dir, f), 'utf8');
    if (!text.toLowerCase().includes(to.toLowerCase())) continue;
    const body = text
      .split(/\r?\n\r?\n/)
      .slice(1)
      .join('\n');
    const code = /\b(\d{6})\b/.exec(body)?.[1];
    if (code) return code;
  }
  return null;
}

export async function signUp(
  dataDir: string,
  who: { email: string; first: string; last: string } = { email: 'anna@example.ru', first: 'Анна', last: 'Смирнова' },
): Promise<{ access: string; refresh: string }> {
  const { email } = who;
  const password = 'Надёжный-пароль-1';
  await api('auth/register/', {
    method: 'POST',
    body: JSON.stringify({
      first_name: who.first,
      last_name: who.last,
      email,
      password,
      password2: password,
      username: email.split('@')[0]!.replace(/\W/g, '_'),
    }),
  });
  let code: string | null = null;
  for (let i = 0; i < 50 && !code; i++) {
    code = codeFromOutbox(dataDir, email);
    if (!code) await new Promise((r) => setTimeout(r, 200));
  }
  if (!code) throw new Error('no code in the outbox');
  await api('auth/verify-email/', { method: 'POST', body: JSON.stringify({ code, email }) });
  return api('auth/login/', { method: 'POST', body: JSON.stringify({ email, password }) });
}

function ffmpeg(args: string[]): void {
  execFileSync(resolveFfmpeg(process.env.FFMPEG_PATH), ['-hide_banner', '-nostdin', '-v', 'error', '-y', ...args]);
}

async function upload(
  token: string,
  kind: 'audio' | 'photo' | 'video',
  title: string,
  file: string,
  type: string,
  description = '',
): Promise<void> {
  const form = new FormData();
  form.append('title', title);
  form.append('description', description);
  form.append(kind === 'audio' ? 'audio_file' : 'file', new Blob([readFileSync(file)], { type }), path.basename(file));
  await api(`media/${kind}/`, { method: 'POST', body: form, token });
}

export async function seed(token: string, work: string): Promise<void> {
  // A recorder's list as a person keeps it (the review's «Анна»): a dozen, short memos and a long one, the newest last
  // (the list shows it first).
  const recordings: [string, number, number, string?][] = [
    ['Список покупок', 392, 4],
    ['Песня у костра', 523, 9],
    ['Лекция по истории', 330, 14],
    ['Утренние мысли', 440, 7],
    ['Мысль в метро', 494, 3],
    ['Диктовка письма', 349, 5],
    ['Напоминание', 587, 8],
    ['Звонок маме — что купить', 415, 5],
    ['Шум дождя за окном', 262, 20],
    ['Идея для рассказа', 466, 6],
    ['Репетиция тоста', 370, 11],
    ['Подкаст: черновик вступления', 311, 48, 'Первый дубль, без музыки'],
  ];
  for (const [title, hz, seconds, description] of recordings) {
    const file = path.join(work, `${hz}.mp3`);
    ffmpeg([
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=${hz}:duration=${seconds}`,
      '-af',
      'volume=0.6,tremolo=f=3:d=0.7',
      '-ac',
      '1',
      '-ar',
      '16000',
      '-c:a',
      'libmp3lame',
      '-b:a',
      '32k',
      file,
    ]);
    await upload(token, 'audio', title, file, 'audio/mpeg', description);
  }
  // The realistic library: 40 photos in four shapes over three years, with their cameras' EXIF (dates, zones).
  for (const photo of await realisticPhotos()) {
    const file = path.join(work, `${photo.title}.jpg`);
    writeFileSync(file, photo.jpeg);
    await upload(token, 'photo', photo.title, file, 'image/jpeg');
  }
  // Landscape and portrait clips, each filmed (creation_time) on a day of its own.
  const videos: [string, string, string][] = [
    ['Прогулка в парке', 'testsrc2=size=640x360:rate=25:duration=4', '2026-06-14T16:20:00Z'],
    ['День рождения', 'smptehdbars=size=640x360:rate=25:duration=3', '2025-09-03T12:00:00Z'],
    ['Снег за окном — первый снег этой зимы', 'testsrc=size=360x640:rate=25:duration=5', '2025-12-01T09:30:00Z'],
  ];
  for (const [i, [title, source, filmed]] of videos.entries()) {
    const file = path.join(work, `video-${i}.mp4`);
    ffmpeg([
      '-f',
      'lavfi',
      '-i',
      source,
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=300:duration=3',
      '-shortest',
      '-c:v',
      'libx264',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-metadata',
      `creation_time=${filmed}`,
      file,
    ]);
    await upload(token, 'video', title, file, 'video/mp4');
  }
  // Everything processed (waveforms, copies, posters) before the pictures are taken.
  const until = Date.now() + 180_000;
  for (const kind of ['audio', 'photo', 'video'] as const) {
    for (;;) {
      const list = await api<{ status: string }[]>(`media/${kind}/`, { token });
      if (list.every((r) => r.status === 'ready')) break;
      if (Date.now() > until) throw new Error(`${kind} still processing`);
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

/** What the trash shows: a photo and a recording deleted today (the trash lists them with their pictures). */
export async function addTrash(token: string, work: string): Promise<void> {
  const [shot] = await realisticPhotos(new Date(Date.UTC(2026, 10, 20)));
  const file = path.join(work, 'screenshot.jpg');
  writeFileSync(file, shot!.jpeg);
  await upload(token, 'photo', 'Скриншот 2026-11-20', file, 'image/jpeg');
  const note = path.join(work, 'note.mp3');
  ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=300:duration=3', '-ac', '1', '-c:a', 'libmp3lame', '-b:a', '32k', note]);
  await upload(token, 'audio', 'Голосовая заметка', note, 'audio/mpeg');
  const until = Date.now() + 60_000;
  for (const [kind, title] of [
    ['photo', 'Скриншот 2026-11-20'],
    ['audio', 'Голосовая заметка'],
  ] as const) {
    for (;;) {
      const item = (await api<{ id: number; title: string; status: string }[]>(`media/${kind}/`, { token })).find((r) => r.title === title);
      if (item?.status === 'ready') {
        await api(`media/${kind}/${item.id}/`, { method: 'DELETE', token });
        break;
      }
      if (Date.now() > until) throw new Error(`${title} still processing`);
      await new Promise((r) => setTimeout(r, 300));
    }
  }
}

/** A link to an album (downloads allowed): the path of the public page it opens. */
export async function addAlbumLink(token: string, album: number): Promise<string> {
  const body = JSON.stringify({ target: { album }, expires_in_days: 7, allow_download: true });
  const link = await api<{ url: string }>('shares/', { method: 'POST', body, token });
  const url = new URL(link.url);
  return `${url.pathname}${url.hash}`;
}

/** A link to the first recording (downloads allowed): the path of the public page it opens, if there is a recording. */
export async function addSharedLink(token: string): Promise<string | undefined> {
  const [first] = await api<{ id: number }[]>('media/audio/', { token });
  if (!first) return undefined;
  const body = JSON.stringify({ target: { kind: 'audio', id: first.id }, expires_in_days: 7, allow_download: true });
  const link = await api<{ url: string }>('shares/', { method: 'POST', body, token });
  const url = new URL(link.url);
  return `${url.pathname}${url.hash}`;
}

/** Three albums (a trip of photos, a recording and a video; lectures; a family video): the trip's id. */
export async function addAlbums(token: string): Promise<number> {
  const [audio, photos, videos] = await Promise.all(
    (['audio', 'photo', 'video'] as const).map((kind) => api<{ id: number; title: string }[]>(`media/${kind}/`, { token })),
  );
  const pick = (list: { id: number; title: string }[] | undefined, titles: string[]) =>
    titles.flatMap((t) => list?.filter((r) => r.title === t).map((r) => r.id) ?? []);
  const make = async (title: string, description: string, items: { kind: string; id: number }[]) => {
    const album = await api<{ id: number }>('albums/', { method: 'POST', body: JSON.stringify({ title, description }), token });
    if (items.length) await api(`albums/${album.id}/items/`, { method: 'POST', body: JSON.stringify({ items }), token });
    return album.id;
  };
  const trip = await make('Летний отпуск', 'Озеро, горы и песни у костра', [
    ...pick(photos, ['Озеро 5', 'Горы 6', 'Закат 4', 'Дача 7', 'Обед 9', 'Кот на подоконнике 10']).map((id) => ({ kind: 'photo', id })),
    ...pick(audio, ['Песня у костра']).map((id) => ({ kind: 'audio', id })),
    ...pick(videos, ['Прогулка в парке']).map((id) => ({ kind: 'video', id })),
    ...pick(photos, ['Озеро 13']).map((id) => ({ kind: 'photo', id })),
  ]);
  await make(
    'Лекции',
    '',
    pick(audio, ['Лекция по истории']).map((id) => ({ kind: 'audio', id })),
  );
  await make(
    'Семья',
    '',
    pick(videos, ['День рождения']).map((id) => ({ kind: 'video', id })),
  );
  return trip;
}

/**
 * What the admin area shows (the first account, Анна, is the server's admin): two more accounts, one with a quota
 * of its own and an unfinished upload, invitations in each state, registration by invitation, and the audit log
 * all this wrote.
 */
export async function seedAdmin(token: string, dataDir: string): Promise<void> {
  const boris = await signUp(dataDir, { email: 'boris@example.ru', first: 'Борис', last: 'Петров' });
  await signUp(dataDir, { email: 'vera@example.ru', first: 'Вера', last: 'Кузнецова' });
  const { users } = await api<{ users: { id: number; email: string }[] }>('admin/users/', { token });
  const borisId = users.find((u) => u.email === 'boris@example.ru')!.id;
  await api(`admin/users/${borisId}/quota/`, { method: 'POST', body: JSON.stringify({ quota_bytes: 10 * 1024 ** 3 }), token });
  await api('admin/invites/', { method: 'POST', body: JSON.stringify({ email: 'gleb@example.ru' }), token });
  await api('admin/invites/', { method: 'POST', body: JSON.stringify({}), token });
  const revoked = await api<{ id: number }>('admin/invites/', {
    method: 'POST',
    body: JSON.stringify({ email: 'dina@example.ru' }),
    token,
  });
  await api(`admin/invites/${revoked.id}/`, { method: 'DELETE', token });
  await api('admin/settings/', { method: 'PUT', body: JSON.stringify({ registration: 'invite' }), token });
  // An upload Борис began and has not finished: 64 MiB announced, nothing sent yet.
  const b64 = (value: string) => Buffer.from(value).toString('base64');
  const res = await fetch(`${base}/api/uploads/`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${boris.access}`,
      'Tus-Resumable': '1.0.0',
      'Upload-Length': String(64 * 1024 * 1024),
      'Upload-Metadata': `kind ${b64('audio')},title ${b64('Концерт')},filename ${b64('concert.wav')}`,
    },
  });
  if (res.status !== 201) throw new Error(`an upload for the admin screens: ${res.status} ${await res.text()}`);
}

/**
 * Sharing inside the household, as Анна sees it (after seedAdmin made Борис and Вера): Борис shares his album «Дача»
 * (his photos) with Анна as «Участник» and shows her his photos as her partner; Анна shares «Летний отпуск» (`tripId`)
 * with Борис («Участник») and Вера («Просмотр»).
 */
export async function addHousehold(token: string, tripId: number, work: string): Promise<void> {
  const login = (email: string) =>
    api<{ access: string }>('auth/login/', { method: 'POST', body: JSON.stringify({ email, password: 'Надёжный-пароль-1' }) });
  const boris = (await login('boris@example.ru')).access;
  // Two of the realistic library's pictures, as Борис's own (a checksum is per account).
  const pictures = (await realisticPhotos()).slice(0, 2);
  for (const [i, title] of ['Яблоня', 'Баня'].entries()) {
    const file = path.join(work, `dacha-${i}.jpg`);
    writeFileSync(file, pictures[i]!.jpeg);
    await upload(boris, 'photo', title, file, 'image/jpeg');
  }
  const his = await api<{ id: number }[]>('media/photo/', { token: boris });
  const dacha = await api<{ id: number }>('albums/', {
    method: 'POST',
    body: JSON.stringify({ title: 'Дача', description: '' }),
    token: boris,
  });
  await api(`albums/${dacha.id}/items/`, {
    method: 'POST',
    body: JSON.stringify({ items: his.map((p) => ({ kind: 'photo', id: p.id })) }),
    token: boris,
  });
  await api(`albums/${dacha.id}/members/`, {
    method: 'POST',
    body: JSON.stringify({ email: 'anna@example.ru', role: 'contributor' }),
    token: boris,
  });
  await api('partners/', { method: 'POST', body: JSON.stringify({ email: 'anna@example.ru' }), token: boris });
  for (const [email, role] of [
    ['boris@example.ru', 'contributor'],
    ['vera@example.ru', 'viewer'],
  ])
    await api(`albums/${tripId}/members/`, { method: 'POST', body: JSON.stringify({ email, role }), token });
}
