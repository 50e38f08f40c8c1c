/**
 * Decorative picture for the home hero: a desktop display mirrored on a tablet and a phone.
 * Our own SVG (DESIGN.md: no hot-linked images); hidden from assistive technology.
 */
export function HeroIllustration() {
  return (
    <svg viewBox="0 0 480 360" className="h-auto w-full" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="hero-screen" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#1e3a8a" />
          <stop offset="1" stopColor="#2563eb" />
        </linearGradient>
        <linearGradient id="hero-glow" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#bfdbfe" />
          <stop offset="1" stopColor="#eff6ff" />
        </linearGradient>
      </defs>
      <ellipse cx="240" cy="330" rx="210" ry="18" fill="#e2e8f0" />
      {/* desktop display */}
      <rect x="40" y="24" width="360" height="232" rx="16" fill="#0f172a" />
      <rect x="52" y="36" width="336" height="208" rx="8" fill="url(#hero-screen)" />
      <rect x="72" y="58" width="150" height="98" rx="6" fill="#f8fafc" opacity="0.95" />
      <rect x="72" y="58" width="150" height="14" rx="6" fill="#cbd5e1" />
      <rect x="84" y="84" width="96" height="8" rx="4" fill="#93c5fd" />
      <rect x="84" y="100" width="120" height="8" rx="4" fill="#e2e8f0" />
      <rect x="84" y="116" width="80" height="8" rx="4" fill="#e2e8f0" />
      <rect x="238" y="58" width="130" height="166" rx="6" fill="url(#hero-glow)" opacity="0.9" />
      <path d="M252 200l28-40 22 26 16-18 36 32z" fill="#60a5fa" />
      <circle cx="338" cy="92" r="14" fill="#fbbf24" />
      <rect x="72" y="170" width="150" height="54" rx="6" fill="#1d4ed8" stroke="#93c5fd" strokeOpacity="0.5" />
      <path d="M90 210l18-18 14 12 20-22 22 28" fill="none" stroke="#bfdbfe" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M196 132l22 12-9 3 6 10-5 3-6-10-8 7z" fill="#0f172a" stroke="#fff" strokeWidth="2" strokeLinejoin="round" />
      <rect x="196" y="256" width="48" height="44" fill="#334155" />
      <rect x="150" y="298" width="140" height="12" rx="6" fill="#475569" />
      {/* tablet */}
      <rect x="306" y="150" width="150" height="110" rx="12" fill="#1e293b" />
      <rect x="314" y="158" width="134" height="94" rx="6" fill="url(#hero-screen)" />
      <rect x="322" y="166" width="60" height="40" rx="3" fill="#f8fafc" opacity="0.95" />
      <rect x="388" y="166" width="52" height="78" rx="3" fill="url(#hero-glow)" opacity="0.9" />
      <rect x="322" y="212" width="60" height="32" rx="3" fill="#1d4ed8" />
      {/* phone */}
      <rect x="392" y="210" width="70" height="126" rx="14" fill="#0f172a" />
      <rect x="398" y="222" width="58" height="102" rx="6" fill="url(#hero-screen)" />
      <rect x="404" y="230" width="46" height="30" rx="3" fill="#f8fafc" opacity="0.95" />
      <rect x="404" y="266" width="46" height="50" rx="3" fill="url(#hero-glow)" opacity="0.9" />
      <rect x="416" y="214" width="22" height="4" rx="2" fill="#334155" />
    </svg>
  );
}
