// How much of the plan's image storage the user's pictures take (GET /api/images/usage):
// a meter and the figures, in the Subscription tab beside the plan it depends on.
import { useQuery } from "@tanstack/react-query";
import type { ImageUsage } from "../../../shared/contracts/images";
import { apiJson } from "../../lib/api";

const USAGE_URL = "/api/images/usage";

function size(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${Math.ceil(bytes / 1024)} KB`;
}

export function ImageStorageSection() {
  const usage = useQuery({ queryKey: [USAGE_URL], queryFn: ({ signal }) => apiJson<ImageUsage>("GET", USAGE_URL, undefined, { signal }) });
  const data = usage.data;
  const share = data && data.limitBytes > 0 ? Math.min(1, data.usedBytes / data.limitBytes) : 0;
  return (
    <section aria-labelledby="sub-images" className="grid gap-2 rounded-lg border p-4">
      <h3 id="sub-images" className="text-sm font-medium">
        Image storage
      </h3>
      {data ? (
        <>
          <meter
            className="h-2 w-full"
            min={0}
            max={data.limitBytes}
            value={data.usedBytes}
            high={data.limitBytes * 0.9}
            aria-label="Image storage used"
            aria-valuetext={`${size(data.usedBytes)} of ${size(data.limitBytes)}`}
          />
          <p className="text-sm text-muted-foreground" data-testid="image-storage">
            {size(data.usedBytes)} of {size(data.limitBytes)} used ({Math.round(share * 100)}%) · {data.images} {data.images === 1 ? "picture" : "pictures"} on the{" "}
            {data.planName} plan. Pictures are freed when their document is deleted from the trash.
          </p>
        </>
      ) : usage.isError ? (
        <p className="text-sm text-muted-foreground">Image storage could not be loaded.</p>
      ) : (
        <p className="text-sm text-muted-foreground">Loading…</p>
      )}
    </section>
  );
}
