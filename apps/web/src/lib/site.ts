// Build-time site settings (NEXT_PUBLIC_* are inlined by `next build`, so static pages carry
// them without reading the environment per request).

interface TFilings {
  /** ICP filing number, e.g. 京ICP备12345678号-1; links to the MIIT registry */
  icp: string | null;
  /** public-security filing, e.g. 京公网安备11010502000001号; links to its registry entry */
  psb: { text: string; url: string } | null;
}

export function getFilings(): TFilings {
  const icp = process.env.NEXT_PUBLIC_ICP_FILING?.trim() || null;
  const psbText = process.env.NEXT_PUBLIC_PSB_FILING?.trim() || null;
  const psbCode = psbText?.replace(/\D/g, '') ?? '';
  return {
    icp,
    psb: psbText
      ? { text: psbText, url: psbCode ? `https://beian.mps.gov.cn/#/query/webSearch?code=${psbCode}` : 'https://beian.mps.gov.cn/' }
      : null,
  };
}
