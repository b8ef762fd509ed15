// Validates built-in Kubernetes objects against the schemas of their kinds (kubernetes-models).
// Reads a JSON array of objects on stdin and writes a JSON array of [id, problems] pairs.
// A plain Node script because kubernetes-models is ESM-only, which jest on Node 20 cannot load.
const MODULES = {
  v1: 'kubernetes-models/v1',
  'apps/v1': 'kubernetes-models/apps/v1',
  'batch/v1': 'kubernetes-models/batch/v1',
  'policy/v1': 'kubernetes-models/policy/v1',
  'autoscaling/v2': 'kubernetes-models/autoscaling/v2',
  'networking.k8s.io/v1': 'kubernetes-models/networking.k8s.io/v1',
  'rbac.authorization.k8s.io/v1': 'kubernetes-models/rbac.authorization.k8s.io/v1',
};

async function problemsOf(obj) {
  const specifier = MODULES[obj.apiVersion];
  if (!specifier) return [`no schema for ${obj.apiVersion}`];
  const Model = (await import(specifier))[obj.kind];
  if (!Model) return [`no schema for ${obj.apiVersion} ${obj.kind}`];
  try {
    new Model(obj).validate();
    return [];
  } catch (error) {
    return [error.message];
  }
}

let input = '';
for await (const chunk of process.stdin) input += chunk;
const objects = JSON.parse(input);
const results = await Promise.all(objects.map(async (obj) => [`${obj.kind}/${obj.metadata?.name}`, await problemsOf(obj)]));
process.stdout.write(JSON.stringify(results));
