import type { ReactNode } from 'react';

// The screen wall (monitor wall) as our own SVG/CSS: a grid of remote screens with live
// status, each a small scene (desktop, code, chart, game, video, terminal). Decorative: the
// section text says what it shows. Only numbers and device codes appear, so nothing to translate.

type TScene = 'desktop' | 'code' | 'chart' | 'game' | 'video' | 'terminal';

const tiles: readonly { scene: TScene; name: string; ms: number; busy?: boolean }[] = [
  { scene: 'desktop', name: 'PC-01', ms: 8 },
  { scene: 'code', name: 'DEV-02', ms: 12 },
  { scene: 'chart', name: 'OPS-03', ms: 9 },
  { scene: 'game', name: 'GAME-04', ms: 6, busy: true },
  { scene: 'terminal', name: 'SRV-05', ms: 14 },
  { scene: 'video', name: 'MEDIA-06', ms: 11 },
  { scene: 'chart', name: 'OPS-07', ms: 10 },
  { scene: 'desktop', name: 'PC-08', ms: 16, busy: true },
  { scene: 'code', name: 'DEV-09', ms: 7 },
  { scene: 'terminal', name: 'SRV-10', ms: 13 },
  { scene: 'game', name: 'GAME-11', ms: 5 },
  { scene: 'desktop', name: 'PC-12', ms: 9 },
];

const scenes: Record<TScene, ReactNode> = {
  desktop: (
    <>
      <rect width="160" height="90" fill="#1d4ed8" />
      <rect x="10" y="10" width="78" height="50" rx="3" fill="#f8fafc" />
      <rect x="10" y="10" width="78" height="8" rx="3" fill="#cbd5e1" />
      <rect x="16" y="25" width="50" height="4" rx="2" fill="#93c5fd" />
      <rect x="16" y="34" width="62" height="4" rx="2" fill="#e2e8f0" />
      <rect x="16" y="43" width="40" height="4" rx="2" fill="#e2e8f0" />
      <rect x="96" y="22" width="54" height="44" rx="3" fill="#bfdbfe" />
      <path d="M100 60l14-18 10 11 8-7 14 14z" fill="#60a5fa" />
      <rect y="80" width="160" height="10" fill="#0f172a" opacity="0.6" />
    </>
  ),
  code: (
    <>
      <rect width="160" height="90" fill="#0f172a" />
      <rect width="34" height="90" fill="#1e293b" />
      {[12, 22, 32, 42, 52, 62, 72].map((y, i) => (
        <rect
          key={y}
          x={42 + (i % 3) * 8}
          y={y}
          width={[60, 84, 40, 70, 52, 90, 30][i]}
          height="4"
          rx="2"
          fill={['#93c5fd', '#f9a8d4', '#86efac', '#fcd34d', '#93c5fd', '#c4b5fd', '#86efac'][i]}
          opacity="0.85"
        />
      ))}
      <rect x="8" y="12" width="18" height="3" rx="1.5" fill="#475569" />
      <rect x="8" y="20" width="14" height="3" rx="1.5" fill="#475569" />
      <rect x="8" y="28" width="18" height="3" rx="1.5" fill="#475569" />
    </>
  ),
  chart: (
    <>
      <rect width="160" height="90" fill="#f8fafc" />
      <rect x="8" y="8" width="44" height="20" rx="3" fill="#dbeafe" />
      <rect x="58" y="8" width="44" height="20" rx="3" fill="#dcfce7" />
      <rect x="108" y="8" width="44" height="20" rx="3" fill="#fef3c7" />
      {[52, 40, 60, 34, 46, 28, 38].map((top, i) => (
        <rect key={i} x={12 + i * 20} y={top} width="12" height={82 - top} rx="2" fill={i === 5 ? '#2563eb' : '#93c5fd'} />
      ))}
    </>
  ),
  game: (
    <>
      <rect width="160" height="90" fill="#0c4a6e" />
      <rect y="50" width="160" height="40" fill="#14532d" />
      <path d="M0 52l30-22 22 14 26-26 34 30 20-12 28 16v4H0z" fill="#1e3a8a" opacity="0.8" />
      <circle cx="128" cy="20" r="9" fill="#fde68a" />
      <circle cx="80" cy="56" r="7" fill="none" stroke="#f8fafc" strokeWidth="1.5" />
      <path d="M80 45v6m0 10v6m-11-11h6m10 0h6" stroke="#f8fafc" strokeWidth="1.5" />
      <rect x="8" y="78" width="44" height="5" rx="2.5" fill="#f8fafc" opacity="0.4" />
      <rect x="8" y="78" width="30" height="5" rx="2.5" fill="#4ade80" />
    </>
  ),
  video: (
    <>
      <rect width="160" height="90" fill="#312e81" />
      <circle cx="80" cy="40" r="18" fill="#f8fafc" opacity="0.9" />
      <path d="M74 31l16 9-16 9z" fill="#312e81" />
      <rect x="10" y="74" width="140" height="4" rx="2" fill="#6366f1" />
      <rect x="10" y="74" width="86" height="4" rx="2" fill="#c7d2fe" />
    </>
  ),
  terminal: (
    <>
      <rect width="160" height="90" fill="#020617" />
      {[10, 20, 30, 40, 50, 60].map((y, i) => (
        <rect
          key={y}
          x="10"
          y={y}
          width={[96, 60, 120, 74, 104, 46][i]}
          height="4"
          rx="2"
          fill={i === 2 ? '#fbbf24' : '#4ade80'}
          opacity="0.8"
        />
      ))}
      <rect x="10" y="70" width="6" height="8" fill="#4ade80" className="motion-safe:animate-pulse" />
    </>
  ),
};

// Each scene is drawn once as a <symbol> and referenced by the tiles (<use>), which keeps the
// home page's DOM, and so its hydration work, small.
export function MonitorWall() {
  return (
    <div aria-hidden="true" className="rounded-panel bg-slate-900 p-3 shadow-popover sm:p-4">
      <svg width="0" height="0" className="absolute" focusable="false">
        <defs>
          {(Object.keys(scenes) as TScene[]).map((scene) => (
            <symbol key={scene} id={`wall-${scene}`} viewBox="0 0 160 90">
              {scenes[scene]}
            </symbol>
          ))}
        </defs>
      </svg>
      <div className="mb-3 flex items-center gap-2 px-1">
        <span className="size-2.5 rounded-full bg-red-400" />
        <span className="size-2.5 rounded-full bg-amber-400" />
        <span className="size-2.5 rounded-full bg-green-400" />
        <span className="ms-auto font-mono text-xs text-slate-300">12 / 12 ●</span>
      </div>
      <ul className="grid grid-cols-3 gap-2 sm:gap-3 lg:grid-cols-4">
        {tiles.map((tile) => (
          <li key={tile.name} className="overflow-hidden rounded-md bg-slate-800 ring-1 ring-slate-700">
            <svg viewBox="0 0 160 90" className="block aspect-video h-auto w-full" focusable="false">
              <use href={`#wall-${tile.scene}`} />
            </svg>
            <div className="flex items-center gap-1.5 px-2 py-1 font-mono text-[10px] leading-4 text-slate-300 sm:text-xs">
              <span className={`size-1.5 shrink-0 rounded-full ${tile.busy ? 'bg-amber-400' : 'bg-green-400'} motion-safe:animate-pulse`} />
              <span className="truncate">{tile.name}</span>
              <span className="ms-auto hidden text-slate-400 sm:inline">{tile.ms} ms</span>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
