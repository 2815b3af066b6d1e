# The api and workers image for docker compose: the same code `make start` runs, on Node 24.
FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
COPY db/package.json db/
COPY api/package.json api/
COPY workers/package.json workers/
COPY web-artist/package.json web-artist/
COPY web-admin/package.json web-admin/
RUN npm ci --include=dev --no-audit --no-fund
COPY . .
RUN npm run build
EXPOSE 3000 3001
CMD ["npx", "tsx", "api/src/main.ts"]
