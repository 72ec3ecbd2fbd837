# Podium web image: gunicorn + whitenoise, migrating the database on start.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app

# Dependencies first, so code changes do not reinstall them.
COPY pyproject.toml README.md LICENSE ./
COPY config ./config
COPY results ./results
RUN pip install .

COPY manage.py ./
COPY templates ./templates
COPY static ./static
COPY samples ./samples

# collectstatic reads the production settings, which refuse to start without a real key;
# this throwaway one only lives for this build step.
RUN DEBUG=0 SECRET_KEY="collectstatic-only-$(python -c 'import secrets; print(secrets.token_hex(24))')" \
    python manage.py collectstatic --noinput

RUN useradd --system --no-create-home podium
USER podium

EXPOSE 8000

# WEB_CONCURRENCY: gunicorn workers, 2 × cores + 1 unless set.
CMD ["sh", "-c", "python manage.py migrate --noinput && exec gunicorn config.wsgi:application --bind 0.0.0.0:8000 --workers ${WEB_CONCURRENCY:-$(( $(nproc) * 2 + 1 ))} --access-logfile -"]
