// The illustration system of the site (ADR 0033): the product's own screens drawn as
// our SVG, in the brand palette (theme.css), one wide band each: the session toolbar over a
// remote desktop, the screen wall, the device list, and an offer ticket for promotions. The
// large product shots of the home page (features/home/components) are the same screens in
// detail; these are their small form, for news covers and page headers. Decorative
// (aria-hidden): the text beside them says what they show. No words inside, nothing to
// translate; nothing but React, so client components (the news "View more") can use them too.

import type { JSX } from 'react';

export type TProductScene = 'toolbar' | 'wall' | 'devices' | 'offer';

export const PRODUCT_SCENES: readonly TProductScene[] = ['toolbar', 'wall', 'devices', 'offer'];

const INK = '#0f172a';
const BRAND = {
  50: '#eff6ff',
  100: '#dbeafe',
  200: '#bfdbfe',
  300: '#93c5fd',
  500: '#3b82f6',
  600: '#2563eb',
  700: '#1d4ed8',
  800: '#1e40af',
};
/** --color-signal of theme.css: a live connection */
const ONLINE = '#22c55e';

function Toolbar() {
  return (
    <>
      <rect x="40" y="14" width="240" height="104" rx="8" fill={BRAND[800]} />
      <rect x="56" y="36" width="104" height="64" rx="4" fill={BRAND[50]} />
      <rect x="56" y="36" width="104" height="10" rx="4" fill={BRAND[200]} />
      <rect x="64" y="54" width="62" height="5" rx="2.5" fill={BRAND[300]} />
      <rect x="64" y="64" width="82" height="5" rx="2.5" fill={BRAND[200]} />
      <rect x="64" y="74" width="48" height="5" rx="2.5" fill={BRAND[200]} />
      <rect x="172" y="48" width="92" height="52" rx="4" fill={BRAND[700]} />
      <path d="M180 90l16-18 12 10 14-20 22 28z" fill={BRAND[500]} />
      {/* the floating session toolbar */}
      <rect x="104" y="6" width="112" height="22" rx="11" fill="#fff" stroke={BRAND[200]} />
      {[120, 140, 160, 180, 200].map((cx, index) => (
        <circle key={cx} cx={cx} cy="17" r="4.5" fill={index === 4 ? ONLINE : BRAND[600]} />
      ))}
      {/* the pointer */}
      <path d="M212 62l20 10-8 2 5 9-4 2-5-9-6 6z" fill="#fff" stroke={INK} strokeWidth="1.5" strokeLinejoin="round" />
    </>
  );
}

function Wall() {
  const tiles = [0, 1, 2, 3, 4, 5, 6, 7];
  return (
    <>
      <rect x="28" y="12" width="264" height="104" rx="8" fill={INK} />
      {tiles.map((index) => {
        const x = 38 + (index % 4) * 62;
        const y = 22 + Math.floor(index / 4) * 46;
        const busy = index === 2 || index === 5;
        return (
          <g key={index}>
            <rect x={x} y={y} width="56" height="40" rx="3" fill={busy ? BRAND[700] : BRAND[600]} />
            <rect x={x + 6} y={y + 8} width={index % 2 ? 30 : 40} height="4" rx="2" fill={BRAND[200]} />
            <rect x={x + 6} y={y + 16} width={index % 3 ? 22 : 34} height="4" rx="2" fill={BRAND[300]} />
            <circle cx={x + 49} cy={y + 33} r="3" fill={busy ? '#f59e0b' : ONLINE} />
          </g>
        );
      })}
    </>
  );
}

function Devices() {
  const rows = [
    { y: 18, name: 64, online: true },
    { y: 52, name: 48, online: true },
    { y: 86, name: 72, online: false },
  ];
  return (
    <>
      <rect x="48" y="8" width="224" height="112" rx="10" fill="#fff" stroke={BRAND[200]} />
      {rows.map((row) => (
        <g key={row.y}>
          <rect x="60" y={row.y} width="200" height="26" rx="6" fill={row.y === 18 ? BRAND[50] : '#fff'} />
          <rect x="66" y={row.y + 5} width="16" height="16" rx="4" fill={BRAND[100]} />
          <rect x="70" y={row.y + 9} width="8" height="6" rx="1" fill="none" stroke={BRAND[700]} strokeWidth="1.5" />
          <rect x="90" y={row.y + 7} width={row.name} height="5" rx="2.5" fill={INK} opacity="0.75" />
          <rect x="90" y={row.y + 15} width="40" height="4" rx="2" fill={BRAND[300]} />
          <circle cx="204" cy={row.y + 13} r="3.5" fill={row.online ? ONLINE : '#94a3b8'} />
          <rect x="214" y={row.y + 6} width="38" height="14" rx="7" fill={row.online ? BRAND[600] : BRAND[100]} />
        </g>
      ))}
    </>
  );
}

function Offer() {
  return (
    <>
      <path
        d="M86 30h148a10 10 0 0 1 10 10v12a12 12 0 0 0 0 24v12a10 10 0 0 1-10 10H86a10 10 0 0 1-10-10V76a12 12 0 0 0 0-24V40a10 10 0 0 1 10-10z"
        fill="#fef3c7"
        stroke="#f59e0b"
        strokeWidth="2"
      />
      <path d="M190 34v60" stroke="#f59e0b" strokeWidth="2" strokeDasharray="4 4" />
      <circle cx="118" cy="52" r="7" fill="none" stroke="#b45309" strokeWidth="4" />
      <circle cx="150" cy="78" r="7" fill="none" stroke="#b45309" strokeWidth="4" />
      <path d="M152 46l-36 38" stroke="#b45309" strokeWidth="4" strokeLinecap="round" />
      <rect x="202" y="52" width="28" height="6" rx="3" fill="#f59e0b" />
      <rect x="202" y="66" width="18" height="6" rx="3" fill="#fcd34d" />
      <path d="M266 20l3 7 7 3-7 3-3 7-3-7-7-3 7-3zM52 92l2 5 5 2-5 2-2 5-2-5-5-2 5-2z" fill="#f59e0b" />
    </>
  );
}

const SCENES: Record<TProductScene, () => JSX.Element> = { toolbar: Toolbar, wall: Wall, devices: Devices, offer: Offer };

/** One scene as a 320 × 128 band, scaled to its box. */
export function ProductScene({ scene, className = 'h-auto w-full' }: { scene: TProductScene; className?: string }) {
  const Scene = SCENES[scene];
  return (
    <svg viewBox="0 0 320 128" className={className} aria-hidden="true" focusable="false" data-scene={scene}>
      <Scene />
    </svg>
  );
}
