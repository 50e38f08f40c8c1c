// A phone in landscape playing a game streamed from the PC, with the translucent on-screen
// gamepad laid over the picture. Our own SVG, decorative: the section text says what it shows.
// Only button letters, numbers and units appear, so nothing to translate. Ids carry `pad-`.

const faceButtons = [
  { letter: 'Y', x: 532, y: 150, color: '#fbbf24' },
  { letter: 'X', x: 494, y: 188, color: '#60a5fa' },
  { letter: 'B', x: 570, y: 188, color: '#f87171' },
  { letter: 'A', x: 532, y: 226, color: '#4ade80' },
] as const;

const glass = { fill: '#fff', fillOpacity: 0.16, stroke: '#fff', strokeOpacity: 0.55, strokeWidth: 1.5 } as const;

export function PhoneGamepadMockup() {
  return (
    <svg viewBox="0 0 640 340" className="h-auto w-full" aria-hidden="true" focusable="false">
      <defs>
        <filter id="pad-shadow" x="-10%" y="-10%" width="120%" height="130%">
          <feDropShadow dy="10" stdDeviation="8" floodColor="#0f172a" floodOpacity="0.22" />
        </filter>
        <clipPath id="pad-screen">
          <rect x="32" y="24" width="576" height="264" rx="30" />
        </clipPath>
        <linearGradient id="pad-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#1e3a8a" />
          <stop offset="0.6" stopColor="#60a5fa" />
          <stop offset="1" stopColor="#fcd34d" />
        </linearGradient>
        <linearGradient id="pad-road" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#64748b" />
          <stop offset="1" stopColor="#1e293b" />
        </linearGradient>
      </defs>

      {/* phone body, side keys and camera */}
      <rect x="140" y="6" width="56" height="6" rx="3" fill="#334155" />
      <rect x="212" y="6" width="36" height="6" rx="3" fill="#334155" />
      <rect x="16" y="10" width="608" height="292" rx="46" fill="#0f172a" filter="url(#pad-shadow)" />
      <rect x="19" y="13" width="602" height="286" rx="43" fill="none" stroke="#334155" strokeWidth="2" />
      <circle cx="24" cy="156" r="3.5" fill="#1e293b" />

      {/* the game: dusk sky, hills, a road and the player's car */}
      <g clipPath="url(#pad-screen)">
        <rect x="32" y="24" width="576" height="152" fill="url(#pad-sky)" />
        <circle cx="196" cy="118" r="22" fill="#fef3c7" />
        <path d="M32 160l70-40 60 28 80-52 90 60 70-34 90 44 66-30 50 24v40H32z" fill="#1e40af" />
        <path d="M32 172l90-22 80 18 110-24 100 26 90-20 106 22v40H32z" fill="#1e3a8a" />
        <rect x="32" y="170" width="576" height="118" fill="#166534" />
        {[250, 272, 392, 412, 436].map((x, i) => (
          <path key={x} d={`M${x} ${178 - i * 2}l${6 + i} 16h${-12 - 2 * i}z`} fill="#14532d" />
        ))}
        <path d="M304 170h32l190 118H114z" fill="url(#pad-road)" />
        <path d="M304 170l-190 118h-14l199-118zM336 170l190 118h14l-199-118z" fill="#f8fafc" opacity="0.8" />
        <path d="M318 178h4l1 12h-6zM316 202h8l2 22h-12zM312 242h16l3 40h-22z" fill="#f8fafc" opacity="0.85" />
        <g transform="translate(320 246)">
          <ellipse cy="26" rx="58" ry="6" fill="#0f172a" opacity="0.35" />
          <path d="M-50 22v-20q0-10 10-14l12-16q4-6 12-6h32q8 0 12 6l12 16q10 4 10 14v20z" fill="#dc2626" />
          <path d="M-24-10l9-14h30l9 14z" fill="#1e293b" />
          <rect x="-46" y="2" width="18" height="7" rx="3" fill="#fbbf24" />
          <rect x="28" y="2" width="18" height="7" rx="3" fill="#fbbf24" />
          <rect x="-16" y="8" width="32" height="8" rx="2" fill="#f8fafc" />
          <rect x="-52" y="18" width="20" height="10" rx="3" fill="#0f172a" />
          <rect x="32" y="18" width="20" height="10" rx="3" fill="#0f172a" />
        </g>

        {/* on-screen gamepad: shoulder buttons, stick, D-pad, A/B/X/Y */}
        <g fontWeight="700" textAnchor="middle" fill="#fff">
          <rect x="56" y="40" width="64" height="26" rx="13" {...glass} />
          <text x="88" y="57.5" fontSize="12">
            L1
          </text>
          <rect x="520" y="40" width="64" height="26" rx="13" {...glass} />
          <text x="552" y="57.5" fontSize="12">
            R1
          </text>
          <circle cx="112" cy="204" r="46" {...glass} />
          <circle cx="122" cy="196" r="21" fill="#fff" fillOpacity="0.45" stroke="#fff" strokeOpacity="0.8" strokeWidth="1.5" />
          <path d="M202 206h18v18h18v18h-18v18h-18v-18h-18v-18h18z" {...glass} strokeLinejoin="round" />
          <path d="M211 212l-4 5h8zM211 254l-4-5h8zM190 233l5-4v8zM232 233l-5-4v8z" fill="#fff" fillOpacity="0.85" />
          {faceButtons.map(({ letter, x, y, color }) => (
            <g key={letter}>
              <circle cx={x} cy={y} r="17" fill={color} fillOpacity="0.3" stroke={color} strokeOpacity="0.9" strokeWidth="2" />
              <text x={x} y={y + 4.5} fontSize="13">
                {letter}
              </text>
            </g>
          ))}
        </g>

        {/* stream status */}
        <rect x="262" y="38" width="116" height="24" rx="12" fill="#0f172a" fillOpacity="0.6" />
        <circle cx="276" cy="50" r="3.5" fill="#4ade80" />
        <text x="328" y="54" textAnchor="middle" fontSize="11" fontWeight="600" fill="#fff">
          60 fps · 12 ms
        </text>
        <rect x="270" y="278" width="100" height="4" rx="2" fill="#fff" fillOpacity="0.7" />
      </g>
    </svg>
  );
}
