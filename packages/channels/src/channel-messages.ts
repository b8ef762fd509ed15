import { CHANNEL_PRIORITY, CHANNEL_WEIGHT, UPSTREAM_CONNECTIONS } from '@modelgate/channel-types';
/**
 * The words channel writes are refused with, as the console shows them (spec §5 "Channels"
 * where it names them; in the same style where it does not).
 */
export const ChannelMessage = {
  nameAndKeyRequired: '请填写渠道名称和渠道密钥！',
  modelsRequired: '请至少选择一个模型！',
  modelMappingInvalid: '模型映射必须是合法的 JSON 格式！',
  statusCodeMappingInvalid: '状态码映射必须是合法的 JSON 格式！',
  settingInvalid: '渠道额外设置必须是合法的 JSON 格式！',
  paramOverrideInvalid: '参数覆盖必须是合法的 JSON 格式！',
  priorityInvalid: `优先级必须是 ${CHANNEL_PRIORITY.min} 到 ${CHANNEL_PRIORITY.max} 之间的整数`,
  weightInvalid: `权重必须是不大于 ${CHANNEL_WEIGHT.max} 的非负整数`,
  nothingChanged: '没有任何修改！',
  batchTagNeedsSelection: '请先选择要设置标签的渠道！',
  tagRequired: '标签不能为空！',
  batchDeleteNeedsSelection: '请先选择要删除的通道！',
  keyRequiredForFetch: '请填写密钥',
  keyRequiredOnRetarget: '修改渠道的 API 地址或类型时必须重新填写渠道密钥（只有超级管理员可以保留原密钥）',
  unknownType: (type: unknown) => `未知的渠道类型：${String(type)}`,
  typeNotSupported: (name: string, id: number, reason: string) => `渠道类型 ${name}（${id}）暂不支持：${reason}`,
  keyFormat: (format: string) => `该渠道类型的密钥格式应为 ${format}`,
  serviceAccountInvalid: '密钥必须是服务账号的 JSON 对象',
  singleKeyOnEdit: '编辑渠道时只能填写一个密钥',
  baseUrlInvalid: 'API 地址必须是以 http:// 或 https:// 开头的网址',
  statusInvalid: '渠道状态只能是 1（启用）或 2（禁用）',
  autoBanInvalid: 'auto_ban 只能是 0 或 1',
  maxInputTokensInvalid: '最大输入 token 数必须是非负整数',
  /** Ours (docs/adr/0025). */
  capInvalid: (field: string) => `${field} 必须是非负整数（0 表示不限制）（${field} must be a whole number, 0 for no cap）`,
  /** Ours (docs/adr/0029): keys of the extra settings the relay reads. */
  upstreamConnectionsInvalid: `额外设置中的 upstream_connections 必须是 ${UPSTREAM_CONNECTIONS.min} 到 ${UPSTREAM_CONNECTIONS.max} 之间的整数（0 表示使用默认值）（upstream_connections must be a whole number from ${UPSTREAM_CONNECTIONS.min} to ${UPSTREAM_CONNECTIONS.max}, 0 for the default）`,
  upstreamHttp2Invalid: '额外设置中的 upstream_http2 只能是 true 或 false（upstream_http2 must be true or false）',
  tooLong: (field: string, max: number) => `${field} 不能超过 ${max} 个字符`,
  modelNameTooLong: (max: number) => `模型名称不能超过 ${max} 个字符`,
  groupNameTooLong: (max: number) => `分组名称不能超过 ${max} 个字符`,
  tooManyKeys: (max: number) => `一次最多添加 ${max} 个渠道（每行一个密钥）`,
  tooManyIds: (max: number) => `一次最多操作 ${max} 个渠道`,
  invalidId: '无效的渠道 ID',
  channelNotFound: '渠道不存在',
  tagNotFound: '没有使用该标签的渠道',
  invalidInput: (detail: string) => `输入不合法：${detail}`,
  managedExternally: (id: number, ref: string) =>
    `渠道 #${id} 由 Kubernetes 资源 ${displayRef(ref)} 管理，控制台只能启用或禁用它；其他修改请在该资源中进行`,
  externalRefInvalid: '外部引用必须形如 k8s:<namespace>/<name>',
  externalKeySingle: 'Kubernetes 管理的渠道只能有一个密钥',
} as const;

/** `k8s:ns/name` shown as `ns/name`; other references as stored. */
function displayRef(ref: string): string {
  return ref.startsWith('k8s:') ? ref.slice(4) : ref;
}
