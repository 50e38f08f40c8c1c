import type { TAdminDeviceDetail } from '@llk/contracts';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getAdminContext, getAdminServerApi, getAdminT, requirePermission } from '@/features/admin/shell/server/admin-session';
import { DeviceDetail } from '@/features/admin/devices/components/device-detail';
import { visitorZone } from '@/lib/visitor-zone-server';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getAdminT('AdminDevices'))('title') };
}

export default async function AdminDevicePage({ params }: { params: Promise<{ id: string }> }) {
  await requirePermission('devices.read');
  const [{ language }, t, api, { id }] = await Promise.all([getAdminContext(), getAdminT('AdminDevices'), getAdminServerApi(), params]);
  let detail: TAdminDeviceDetail;
  try {
    detail = await api.get<TAdminDeviceDetail>(`/devices/${encodeURIComponent(id)}`, { silent: true, retry: false });
  } catch {
    notFound();
  }
  return <DeviceDetail t={t} language={language} zone={await visitorZone()} detail={detail} />;
}
