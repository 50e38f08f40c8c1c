import type { TChipType, TClientType, TLocale, TLoginWay, TSharePermission } from '@llk/contracts';

// The words of the device CSV (device-csv.ts) in every language: the same as the devices page's
// (apps/web/messages/<locale>/account-devices.json).

export type TColumn =
  | 'deviceId'
  | 'name'
  | 'clientType'
  | 'chipType'
  | 'osVersion'
  | 'appVersion'
  | 'group'
  | 'policy'
  | 'online'
  | 'lastSeen'
  | 'sharedBy'
  | 'permission';

/** The columns in order: the device id first, as people connect with it. */
export const DEVICE_CSV_COLUMNS: readonly TColumn[] = [
  'deviceId',
  'name',
  'clientType',
  'chipType',
  'osVersion',
  'appVersion',
  'group',
  'policy',
  'online',
  'lastSeen',
  'sharedBy',
  'permission',
];

export interface TCsvTexts {
  columns: Record<TColumn, string>;
  clientTypes: Record<TClientType, string>;
  chipTypes: Record<TChipType, string>;
  policies: Record<TLoginWay, string>;
  permissions: Record<TSharePermission, string>;
  online: string;
  offline: string;
}

const CHIPS_LATIN: Record<TChipType, string> = { X86: 'x86', ARM: 'ARM', APPLE_SILICON: 'Apple silicon' };

export const DEVICE_CSV_TEXTS: Record<TLocale, TCsvTexts> = {
  'zh-CN': {
    columns: {
      deviceId: '设备 ID',
      name: '设备名称',
      clientType: '平台',
      chipType: '芯片',
      osVersion: '系统版本',
      appVersion: '应用版本',
      group: '分组',
      policy: '权限级别',
      online: '状态',
      lastSeen: '最近在线',
      sharedBy: '分享者',
      permission: '我的权限',
    },
    clientTypes: {
      WIN: 'Windows',
      MAC: 'macOS',
      LINUX: 'Linux',
      ANDROID: 'Android',
      ANDROID_PAD: 'Android 平板',
      IOS: 'iPhone',
      IPAD: 'iPad',
      UNKNOWN: '其他',
    },
    chipTypes: { X86: 'x86', ARM: 'ARM', APPLE_SILICON: 'Apple 芯片' },
    policies: { ALL: '完全权限', DEVICE_MANAGE: '控制与管理', ONLY_CONTROLLED: '仅被控', GUEST: '访客', LOGIN_OUT: '已退出登录' },
    permissions: { VIEW: '查看', CONTROL: '控制', MANAGE: '管理' },
    online: '在线',
    offline: '离线',
  },
  'zh-tw': {
    columns: {
      deviceId: '裝置 ID',
      name: '裝置名稱',
      clientType: '平台',
      chipType: '晶片',
      osVersion: '系統版本',
      appVersion: '應用程式版本',
      group: '群組',
      policy: '權限等級',
      online: '狀態',
      lastSeen: '最近上線',
      sharedBy: '分享者',
      permission: '我的權限',
    },
    clientTypes: {
      WIN: 'Windows',
      MAC: 'macOS',
      LINUX: 'Linux',
      ANDROID: 'Android',
      ANDROID_PAD: 'Android 平板',
      IOS: 'iPhone',
      IPAD: 'iPad',
      UNKNOWN: '其他',
    },
    chipTypes: { X86: 'x86', ARM: 'ARM', APPLE_SILICON: 'Apple 晶片' },
    policies: { ALL: '完整權限', DEVICE_MANAGE: '控制與管理', ONLY_CONTROLLED: '僅受控', GUEST: '訪客', LOGIN_OUT: '已登出' },
    permissions: { VIEW: '檢視', CONTROL: '控制', MANAGE: '管理' },
    online: '在線',
    offline: '離線',
  },
  en: {
    columns: {
      deviceId: 'Device ID',
      name: 'Name',
      clientType: 'Platform',
      chipType: 'Chip',
      osVersion: 'OS version',
      appVersion: 'App version',
      group: 'Group',
      policy: 'Permission level',
      online: 'Status',
      lastSeen: 'Last seen',
      sharedBy: 'Shared by',
      permission: 'Your permission',
    },
    clientTypes: {
      WIN: 'Windows',
      MAC: 'macOS',
      LINUX: 'Linux',
      ANDROID: 'Android',
      ANDROID_PAD: 'Android tablet',
      IOS: 'iPhone',
      IPAD: 'iPad',
      UNKNOWN: 'Other',
    },
    chipTypes: CHIPS_LATIN,
    policies: {
      ALL: 'Full access',
      DEVICE_MANAGE: 'Control & manage',
      ONLY_CONTROLLED: 'Controlled only',
      GUEST: 'Guest',
      LOGIN_OUT: 'Signed out',
    },
    permissions: { VIEW: 'View', CONTROL: 'Control', MANAGE: 'Manage' },
    online: 'Online',
    offline: 'Offline',
  },
  es: {
    columns: {
      deviceId: 'ID del dispositivo',
      name: 'Nombre',
      clientType: 'Plataforma',
      chipType: 'Chip',
      osVersion: 'Versión del sistema',
      appVersion: 'Versión de la app',
      group: 'Grupo',
      policy: 'Nivel de permiso',
      online: 'Estado',
      lastSeen: 'Última conexión',
      sharedBy: 'Compartido por',
      permission: 'Tu permiso',
    },
    clientTypes: {
      WIN: 'Windows',
      MAC: 'macOS',
      LINUX: 'Linux',
      ANDROID: 'Android',
      ANDROID_PAD: 'Tableta Android',
      IOS: 'iPhone',
      IPAD: 'iPad',
      UNKNOWN: 'Otro',
    },
    chipTypes: CHIPS_LATIN,
    policies: {
      ALL: 'Acceso total',
      DEVICE_MANAGE: 'Control y gestión',
      ONLY_CONTROLLED: 'Solo controlado',
      GUEST: 'Invitado',
      LOGIN_OUT: 'Sesión cerrada',
    },
    permissions: { VIEW: 'Ver', CONTROL: 'Controlar', MANAGE: 'Gestionar' },
    online: 'En línea',
    offline: 'Sin conexión',
  },
  fr: {
    columns: {
      deviceId: 'Identifiant de l’appareil',
      name: 'Nom',
      clientType: 'Plateforme',
      chipType: 'Puce',
      osVersion: 'Version du système',
      appVersion: 'Version de l’app',
      group: 'Groupe',
      policy: 'Niveau d’autorisation',
      online: 'État',
      lastSeen: 'Vu pour la dernière fois',
      sharedBy: 'Partagé par',
      permission: 'Votre autorisation',
    },
    clientTypes: {
      WIN: 'Windows',
      MAC: 'macOS',
      LINUX: 'Linux',
      ANDROID: 'Android',
      ANDROID_PAD: 'Tablette Android',
      IOS: 'iPhone',
      IPAD: 'iPad',
      UNKNOWN: 'Autre',
    },
    chipTypes: { X86: 'x86', ARM: 'ARM', APPLE_SILICON: 'Puce Apple' },
    policies: {
      ALL: 'Accès complet',
      DEVICE_MANAGE: 'Contrôle et gestion',
      ONLY_CONTROLLED: 'Contrôlé uniquement',
      GUEST: 'Invité',
      LOGIN_OUT: 'Déconnecté',
    },
    permissions: { VIEW: 'Voir', CONTROL: 'Contrôler', MANAGE: 'Gérer' },
    online: 'En ligne',
    offline: 'Hors ligne',
  },
  ja: {
    columns: {
      deviceId: 'デバイス ID',
      name: 'デバイス名',
      clientType: 'プラットフォーム',
      chipType: 'チップ',
      osVersion: 'OS バージョン',
      appVersion: 'アプリのバージョン',
      group: 'グループ',
      policy: '権限レベル',
      online: '状態',
      lastSeen: '最終接続',
      sharedBy: '共有者',
      permission: 'あなたの権限',
    },
    clientTypes: {
      WIN: 'Windows',
      MAC: 'macOS',
      LINUX: 'Linux',
      ANDROID: 'Android',
      ANDROID_PAD: 'Android タブレット',
      IOS: 'iPhone',
      IPAD: 'iPad',
      UNKNOWN: 'その他',
    },
    chipTypes: { X86: 'x86', ARM: 'ARM', APPLE_SILICON: 'Apple シリコン' },
    policies: { ALL: 'フルアクセス', DEVICE_MANAGE: '操作と管理', ONLY_CONTROLLED: '被操作のみ', GUEST: 'ゲスト', LOGIN_OUT: 'ログアウト' },
    permissions: { VIEW: '閲覧', CONTROL: '操作', MANAGE: '管理' },
    online: 'オンライン',
    offline: 'オフライン',
  },
  ko: {
    columns: {
      deviceId: '기기 ID',
      name: '기기 이름',
      clientType: '플랫폼',
      chipType: '칩',
      osVersion: 'OS 버전',
      appVersion: '앱 버전',
      group: '그룹',
      policy: '권한 수준',
      online: '상태',
      lastSeen: '마지막 접속',
      sharedBy: '공유한 사람',
      permission: '내 권한',
    },
    clientTypes: {
      WIN: 'Windows',
      MAC: 'macOS',
      LINUX: 'Linux',
      ANDROID: 'Android',
      ANDROID_PAD: 'Android 태블릿',
      IOS: 'iPhone',
      IPAD: 'iPad',
      UNKNOWN: '기타',
    },
    chipTypes: { X86: 'x86', ARM: 'ARM', APPLE_SILICON: 'Apple 실리콘' },
    policies: {
      ALL: '전체 권한',
      DEVICE_MANAGE: '제어 및 관리',
      ONLY_CONTROLLED: '제어받기 전용',
      GUEST: '게스트',
      LOGIN_OUT: '로그아웃됨',
    },
    permissions: { VIEW: '보기', CONTROL: '제어', MANAGE: '관리' },
    online: '온라인',
    offline: '오프라인',
  },
};
