// The desktop client as a product shot, our own SVG: the device list on the left and a remote
// session on the right with the floating session toolbar. Decorative: the hero text says what
// the product does. Only device names, numbers and units appear, so nothing to translate.
// Ids carry the `client-` prefix so they never collide with another SVG on the page.

type TPlatform = 'win' | 'mac' | 'tux' | 'droid';

const devices: readonly { name: string; os: string; platform: TPlatform; ms?: number }[] = [
  { name: 'Office-PC', os: 'Windows 11', platform: 'win', ms: 8 },
  { name: 'MacBook Pro', os: 'macOS 15', platform: 'mac', ms: 11 },
  { name: 'Studio-Linux', os: 'Ubuntu 24.04', platform: 'tux', ms: 14 },
  { name: 'iPad', os: 'iPadOS 18', platform: 'mac', ms: 19 },
  { name: 'Pixel 8', os: 'Android 15', platform: 'droid' },
  { name: 'Render-01', os: 'Windows 11', platform: 'win', ms: 6 },
];

const tile: Record<TPlatform, string> = { win: '#dbeafe', mac: '#f1f5f9', tux: '#fef3c7', droid: '#dcfce7' };

// Session toolbar: display, keyboard, file transfer, chat, privacy screen (24 × 24 strokes).
const tools = [
  'M3 4h18v12H3zM8 20h8M12 16v4',
  'M2 6h20v12H2zM6 10h.01M10 10h.01M14 10h.01M18 10h.01M7 14h10',
  'M7 20V4M3 8l4-4 4 4M17 4v16M13 16l4 4 4-4',
  'M4 5h16v11H10l-5 4v-4H4z',
  'M3 3l18 18M10.6 6.1Q11.3 6 12 6c5.5 0 9 6 9 6a17 17 0 0 1-2.7 3.3M6.6 6.6C4.3 8.2 3 12 3 12s3.5 6 9 6a9 9 0 0 0 4.3-1.1M9.9 9.9a3 3 0 0 0 4.2 4.2',
];

// The dark editor's code, one path per syntax colour (round-capped 5 px strokes).
const codeLines = [
  'M422.5 176.5h65M430.5 224.5h35M438.5 272.5h25',
  'M430.5 188.5h105M438.5 236.5h115',
  'M438.5 200.5h49M422.5 248.5h61',
  'M422.5 212.5h87M430.5 260.5h79',
];

export function ClientMockup() {
  return (
    <svg viewBox="0 0 656 444" className="h-auto w-full" aria-hidden="true" focusable="false">
      <defs>
        <filter id="client-shadow" x="-10%" y="-10%" width="120%" height="125%">
          <feDropShadow dy="8" stdDeviation="8" floodColor="#0f172a" floodOpacity="0.14" />
        </filter>
        <filter id="client-float" x="-10%" y="-30%" width="120%" height="180%">
          <feDropShadow dy="3" stdDeviation="4" floodColor="#0f172a" floodOpacity="0.18" />
        </filter>
        <clipPath id="client-clip">
          <rect width="608" height="400" rx="12" />
        </clipPath>
        <linearGradient id="client-wall" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#bfdbfe" />
          <stop offset="1" stopColor="#3b82f6" />
        </linearGradient>
        <symbol id="client-win" viewBox="0 0 24 24">
          <path d="M3 3h8.5v8.5H3zM12.5 3H21v8.5h-8.5zM3 12.5h8.5V21H3zM12.5 12.5H21V21h-8.5z" fill="#2563eb" />
        </symbol>
        <symbol id="client-mac" viewBox="0 0 24 24">
          <path
            d="M16.4 12.7c0-2.3 1.9-3.4 2-3.5-1.1-1.6-2.8-1.8-3.4-1.8-1.4-.1-2.8.9-3.5.9s-1.8-.8-3-.8c-1.5 0-3 .9-3.8 2.3-1.6 2.8-.4 7 1.2 9.3.8 1.1 1.7 2.4 2.9 2.3 1.2 0 1.6-.7 3-.7s1.8.7 3 .7c1.3 0 2.1-1.1 2.8-2.3.9-1.3 1.3-2.6 1.3-2.6s-2.5-1-2.5-3.8zM14.1 5.8c.6-.8 1.1-1.9 1-3-1 0-2.1.6-2.8 1.4-.6.7-1.2 1.8-1 2.9 1.1.1 2.2-.5 2.8-1.3z"
            fill="#0f172a"
          />
        </symbol>
        <symbol id="client-tux" viewBox="0 0 24 24">
          <ellipse cx="12" cy="12.5" rx="7" ry="9" fill="#0f172a" />
          <ellipse cx="12" cy="15" rx="4.5" ry="5.8" fill="#fff" />
          <circle cx="10" cy="7.5" r="1.2" fill="#fff" />
          <circle cx="14" cy="7.5" r="1.2" fill="#fff" />
          <path d="M9.8 10h4.4L12 12zM5 21.5a3 1.6 0 0 1 6 0zM13 21.5a3 1.6 0 0 1 6 0z" fill="#f59e0b" />
        </symbol>
        <symbol id="client-droid" viewBox="0 0 24 24">
          <path d="M4 17a8 8 0 0 1 16 0z" fill="#16a34a" />
          <path d="M7.5 10.5 5.5 7M16.5 10.5l2-3.5" stroke="#16a34a" strokeWidth="1.6" strokeLinecap="round" />
          <circle cx="9" cy="13.6" r="1.1" fill="#fff" />
          <circle cx="15" cy="13.6" r="1.1" fill="#fff" />
        </symbol>
      </defs>

      <g transform="translate(24 12)">
        <rect width="608" height="400" rx="12" fill="#fff" filter="url(#client-shadow)" />
        <g clipPath="url(#client-clip)">
          {/* title bar */}
          <rect width="608" height="36" fill="#f8fafc" />
          <circle cx="18" cy="18" r="5.5" fill="#f87171" />
          <circle cx="36" cy="18" r="5.5" fill="#fbbf24" />
          <circle cx="54" cy="18" r="5.5" fill="#4ade80" />
          <text x="388" y="22" textAnchor="middle" fontSize="11" fontWeight="600" fill="#334155">
            Office-PC
          </text>
          <circle cx="584" cy="18" r="9" fill="#dbeafe" />
          <path d="M584 17.5a3 3 0 1 0 0-6 3 3 0 0 0 0 6zm-5.5 6a5.5 5 0 0 1 11 0z" fill="#2563eb" />

          {/* device list */}
          <rect y="36" width="168" height="364" fill="#f8fafc" />
          <path d="M0 36.5h608M168.5 36v364" stroke="#e2e8f0" />
          <rect x="12" y="48" width="144" height="26" rx="7" fill="#fff" stroke="#e2e8f0" />
          <circle cx="26" cy="60" r="4" fill="none" stroke="#94a3b8" strokeWidth="1.5" />
          <path d="m29 63 3 3" stroke="#94a3b8" strokeWidth="1.5" strokeLinecap="round" />
          <rect x="40" y="58" width="58" height="4" rx="2" fill="#e2e8f0" />
          <rect x="6" y="84" width="156" height="42" rx="8" fill="#eff6ff" stroke="#bfdbfe" />
          <g fontSize="9.5" fill="#64748b">
            {devices.map(({ name, os, platform, ms }, i) => {
              const y = 84 + i * 46;
              return (
                <g key={name} opacity={ms ? undefined : 0.6}>
                  <rect x="14" y={y + 8} width="26" height="26" rx="7" fill={tile[platform]} />
                  <use href={`#client-${platform}`} x="20" y={y + 14} width="14" height="14" />
                  <circle cx="38" cy={y + 32} r="4" fill={ms ? '#22c55e' : '#94a3b8'} stroke="#f8fafc" strokeWidth="2" />
                  <text x="48" y={y + 19} fontSize="11.5" fontWeight="600" fill="#0f172a">
                    {name}
                  </text>
                  <text x="48" y={y + 33}>
                    {os}
                  </text>
                  {ms ? (
                    <text x="154" y={y + 33} textAnchor="end" fill="#15803d">
                      {`${ms} ms`}
                    </text>
                  ) : null}
                </g>
              );
            })}
          </g>
          <rect x="12" y="364" width="144" height="24" rx="7" fill="#2563eb" />
          <path d="M84 370.5v11M78.5 376h11" stroke="#fff" strokeWidth="1.8" strokeLinecap="round" />

          {/* remote session: wallpaper, two windows, taskbar */}
          <rect x="169" y="37" width="439" height="363" fill="url(#client-wall)" />
          <path d="M169 300c90-50 180 30 280-20s120-40 159-30v150H169z" fill="#fff" opacity="0.18" />
          <g filter="url(#client-float)">
            <rect x="190" y="100" width="250" height="172" rx="6" fill="#fff" />
            <rect x="410" y="150" width="178" height="148" rx="6" fill="#0f172a" />
          </g>
          <path d="M190 106a6 6 0 0 1 6-6h238a6 6 0 0 1 6 6v10H190z" fill="#f1f5f9" />
          <rect x="200" y="128" width="48" height="132" rx="3" fill="#f8fafc" />
          <path d="M208.5 150.5h21M208.5 162.5h25M208.5 174.5h17" stroke="#cbd5e1" strokeWidth="5" strokeLinecap="round" />
          <path d="M208.5 138.5h29" stroke="#60a5fa" strokeWidth="5" strokeLinecap="round" />
          {[258, 316, 374].map((x, i) => (
            <rect key={x} x={x} y="128" width="52" height="30" rx="4" fill={['#dbeafe', '#dcfce7', '#fef3c7'][i]} />
          ))}
          <path d="M262 250l22-24 20 12 24-30 22 14 22-20 28 16v32z" fill="#bfdbfe" />
          <path d="M262 250l22-24 20 12 24-30 22 14 22-20 28 16" fill="none" stroke="#2563eb" strokeWidth="2" strokeLinejoin="round" />
          <path d="M410 156a6 6 0 0 1 6-6h166a6 6 0 0 1 6 6v6H410z" fill="#1e293b" />
          <g strokeWidth="5" strokeLinecap="round" opacity="0.85">
            {codeLines.map((d, i) => (
              <path key={d} d={d} stroke={['#93c5fd', '#f9a8d4', '#86efac', '#fcd34d'][i]} />
            ))}
          </g>
          <path d="M360 214l0 19 5-5 4 8 3-1.5-4-8h7z" fill="#0f172a" stroke="#fff" strokeWidth="1.5" strokeLinejoin="round" />
          <rect x="169" y="374" width="439" height="26" fill="#fff" opacity="0.85" />
          <use href="#client-win" x="340" y="379" width="16" height="16" />
          {['#0ea5e9', '#f59e0b', '#22c55e', '#6366f1'].map((fill, i) => (
            <rect key={fill} x={364 + i * 24} y="379" width="16" height="16" rx="4" fill={fill} />
          ))}
          <text x="596" y="391" textAnchor="end" fontSize="9.5" fill="#334155">
            14:32
          </text>

          {/* floating session toolbar */}
          <rect x="236" y="50" width="304" height="36" rx="11" fill="#fff" filter="url(#client-float)" />
          <rect x="244" y="56" width="24" height="24" rx="6" fill="#dbeafe" />
          <g fill="none" stroke="#334155" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            {tools.map((d, i) => (
              <path key={d} d={d} transform={`translate(${249 + i * 28} 61) scale(.5833)`} stroke={i ? undefined : '#1d4ed8'} />
            ))}
          </g>
          <path d="M385.5 58v20" stroke="#e2e8f0" />
          <rect x="392" y="57" width="94" height="22" rx="6" fill="#f1f5f9" />
          <text x="439" y="71.5" textAnchor="middle" fontSize="10" fontWeight="600" fill="#334155">
            1080p · 60 fps
          </text>
          <rect x="492" y="56" width="40" height="24" rx="7" fill="#ef4444" />
          <path d="M503 70.5c5-4.6 13-4.6 18 0l-2.4 2.3-3-1.3v-2.3a10 10 0 0 0-7.2 0v2.3l-3 1.3z" fill="#fff" />
        </g>
        <rect x="0.5" y="0.5" width="607" height="399" rx="11.5" fill="none" stroke="#e2e8f0" />
      </g>
    </svg>
  );
}
